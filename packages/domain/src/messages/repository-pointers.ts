/** The pointers to the national repository (docs/decisions/044). */
export const repositoryPointers = {
  notFound: 'No existe tal puntero.',
  notFailed: 'Solo se puede volver a enviar un puntero fallido.',
  retried: 'El puntero volvió a quedar pendiente: se enviará de nuevo.',
} as const;
