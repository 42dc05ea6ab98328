export const pin = {
  required: 'El campo es requerido',
  length: 'El PIN debe tener 4 números',
  mismatch: 'El PIN no coincide.',
  oauthLength: 'El PIN tiene 4 dígitos',
  alreadyUsed: 'El PIN ya fue utilizado. Debe generar uno nuevo.',
  expired: 'El tiempo para establecer sus credenciales ha expirado.',
  updated: 'Su PIN fue actualizado.',
  credentialsSet: 'Sus credenciales fueron establecidas. Ya puede iniciar sesión.',
} as const;
