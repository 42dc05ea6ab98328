/** "2026-03" as "mar 2026" (short, for a chart's axis) or "marzo de 2026" (long, for tables and summaries). */
export function formatMonth(month: string, language: string, length: 'short' | 'long' = 'long'): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { month: length, year: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** "2026-03-05" as "05/03", the day on a chart's axis; the year is the period's. */
export function formatDayOfMonth(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
}

/** A number with the language's thousands separator: "12.345". */
export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}
