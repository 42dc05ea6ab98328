export const dashboard = {
  periodReversed: 'La fecha desde no puede ser posterior a la fecha hasta.',
  periodTooLong: 'El período no puede abarcar más de 24 meses.',
  periodInFuture: 'La fecha hasta no puede ser posterior a hoy.',
} as const;
