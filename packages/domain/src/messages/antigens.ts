export const antigens = {
  birthDateInvalid: 'Ingrese una fecha de nacimiento válida.',
  testDateInvalid: 'Ingrese la fecha del test: no puede ser futura.',
  recorderRemoved: 'Usuario eliminado',
} as const;
