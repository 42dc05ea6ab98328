export const demo = {
  tokenFailure: 'Hubo un error',
  signFailure: 'Ha ocurrido un error. (Finalizar flujo)',
} as const;
