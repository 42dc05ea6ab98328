export const login = {
  emailMin: 'Debe contener más de 4 caracteres',
  emailInvalid: 'Email inválido',
  passwordMin: 'Debe contener más de 8 caracteres',
  codeInvalid: 'Ingrese los 6 dígitos de su aplicación de autenticación.',
} as const;
