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

const displayTime = new Intl.DateTimeFormat('es-AR', {
  timeZone: argentinaTimeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Formats an instant as DD/MM/YYYY HH:mm, as the clock read in Argentina. */
export function formatDisplayDateTime(value: string | Date): string {
  const instant = typeof value === 'string' ? new Date(value) : value;
  return `${formatDisplayDate(instant)} ${displayTime.format(instant)}`;
}

const calendarDateInArgentina = new Intl.DateTimeFormat('en-CA', {
  timeZone: argentinaTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date (YYYY-MM-DD) in Argentina, whatever the machine's time zone. */
export function todayInArgentina(now: Date = new Date()): string {
  return calendarDateInArgentina.format(now);
}

/** The calendar date `days` after `date` (both YYYY-MM-DD); negative days go back. */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
