export const common = {
  required: 'Este campo es obligatorio.',
  tryLater: 'Ha ocurrido un problema, por favor inténtelo más tarde.',
  actionUnavailable: 'Disculpe! No es posible realizar la acción en este momento.',
  invalidData: 'Los datos enviados no son válidos.',
  notFound: 'No se encontró el recurso solicitado.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  unauthenticated: 'Debe iniciar sesión para continuar.',
  tooManyRequests: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
  internalError: 'Ocurrió un error inesperado. Inténtelo de nuevo más tarde.',
} as const;
