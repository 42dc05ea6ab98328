import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime } from './dates.ts';

describe('formatDisplayDate', () => {
  it('shows a calendar date as DD/MM/YYYY without moving it across time zones', () => {
    expect(formatDisplayDate('2015-04-24')).toBe('24/04/2015');
  });

  it('shows an instant as the date it was in Argentina', () => {
    expect(formatDisplayDate(new Date('2026-03-01T02:00:00Z'))).toBe('28/02/2026');
  });

  it('refuses something that is not a date', () => {
    expect(() => formatDisplayDate('ayer')).toThrow(RangeError);
  });
});

describe('formatDisplayDateTime', () => {
  it('shows an instant as DD/MM/YYYY HH:mm on the clock of Argentina, three hours behind UTC', () => {
    expect(formatDisplayDateTime('2026-03-01T02:05:00Z')).toBe('28/02/2026 23:05');
    expect(formatDisplayDateTime(new Date('2026-03-02T13:00:00Z'))).toBe('02/03/2026 10:00');
  });
});
