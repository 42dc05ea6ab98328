/** The event log's export for the authority (Disp. DNSISA 1/2025; decision 050). */
export const eventLog = {
  invalidDate: 'Ingrese una fecha válida.',
  rangeReversed: 'La fecha final no puede ser anterior a la inicial.',
  rangeTooLong: 'El período no puede superar un año: exporte por partes.',
} as const;
