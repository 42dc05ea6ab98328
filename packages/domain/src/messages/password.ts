/** Every new password (Disp. DNSISA 1/2025 Annex II, decision 041). */
export const password = {
  tooShort: 'La contraseña no puede tener menos de 10 caracteres',
  weak: 'La contraseña debe combinar mayúsculas, minúsculas, números y símbolos.',
  expired: 'Su contraseña venció: elija una nueva para continuar.',
} as const;
