import { describe, expect, it } from 'vitest';
import { displayStateOf, expiryDateOf, isAllowedStartDate, seriesWindows } from './prescriptions.ts';

describe('validity', () => {
  it('lasts 30 days for medicines and 60 for devices and practices, the start date included', () => {
    expect(expiryDateOf('2026-11-22', 'medication')).toBe('2026-12-21');
    expect(expiryDateOf('2026-11-22', 'device')).toBe('2027-01-20');
    expect(expiryDateOf('2026-11-22', 'practice')).toBe('2027-01-20');
  });

  it('starts on the issue date or up to 30 days later, never earlier', () => {
    expect(isAllowedStartDate('2026-11-22', '2026-11-22')).toBe(true);
    expect(isAllowedStartDate('2026-12-22', '2026-11-22')).toBe(true);
    expect(isAllowedStartDate('2026-12-23', '2026-11-22')).toBe(false);
    expect(isAllowedStartDate('2026-11-21', '2026-11-22')).toBe(false);
  });

  it('gives a chronic series windows that follow each other without a gap or an overlap', () => {
    expect(seriesWindows('2026-12-30', 3)).toEqual([
      { startDate: '2026-12-30', expiryDate: '2027-01-28' },
      { startDate: '2027-01-29', expiryDate: '2027-02-27' },
      { startDate: '2027-02-28', expiryDate: '2027-03-29' },
    ]);
  });

  it('shows a signed prescription as pending, valid or expired by the date', () => {
    const signed = { state: 'signed', startDate: '2026-11-22', expiryDate: '2026-12-21' } as const;
    expect(displayStateOf(signed, '2026-11-21')).toBe('pending');
    expect(displayStateOf(signed, '2026-12-21')).toBe('valid');
    expect(displayStateOf(signed, '2026-12-22')).toBe('expired');
    expect(displayStateOf({ ...signed, state: 'partially_dispensed' }, '2026-12-22')).toBe('expired');
    expect(displayStateOf({ ...signed, state: 'dispensed' }, '2026-12-22')).toBe('dispensed');
    expect(displayStateOf({ ...signed, state: 'draft' }, '2026-12-22')).toBe('draft');
  });
});
