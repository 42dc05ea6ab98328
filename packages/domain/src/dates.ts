/** Argentina has one time zone and no daylight saving time. */
export const argentinaTimeZone = 'America/Argentina/Buenos_Aires';

const displayDate = new Intl.DateTimeFormat('es-AR', {
  timeZone: argentinaTimeZone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * Formats a date as DD/MM/YYYY, the product's page format. A calendar date (YYYY-MM-DD) is
 * shown as written; an instant is shown as the date it was in Argentina.
 */
export function formatDisplayDate(value: string | Date): string {
  if (typeof value === 'string') {
    const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (calendarDate) return `${calendarDate[3]}/${calendarDate[2]}/${calendarDate[1]}`;
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return displayDate.format(instant);
}
