export const search = {
  queryTooShort: 'Escriba al menos 2 caracteres para buscar.',
} as const;
