/** The limits every text field has (docs/decisions/029). */
export const input = {
  notAllowed: 'Contiene caracteres no permitidos.',
  tooLong40: 'No puede superar los 40 caracteres.',
  tooLong100: 'No puede superar los 100 caracteres.',
  tooLong200: 'No puede superar los 200 caracteres.',
  tooLong254: 'No puede superar los 254 caracteres.',
  tooLong2000: 'No puede superar los 2000 caracteres.',
  /** For a limit that has no message of its own. */
  tooLong: 'El texto es demasiado largo.',
  tooDeep: 'Los datos enviados tienen demasiados niveles de anidamiento.',
} as const;
