export const recovery = {
  emailMin: 'Debe contener al menos 4 caracteres',
  emailInvalid: 'Email inválido',
  sent: 'Le enviamos un mensaje a su correo electrónico, por favor revise su bandeja de entrada.',
  passwordsMismatch: 'Las contraseñas no coinciden.',
} as const;
