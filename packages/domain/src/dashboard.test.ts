import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardPeriodOf, DashboardQuerySchema, monthsSpanned, periodStartFor } from './dashboard.ts';
import * as messages from './messages/index.ts';

function issuesOf(query: Record<string, string>) {
  const result = DashboardQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('the dashboard period', () => {
  beforeEach(() => {
    // 10:00 in Buenos Aires on 15 March 2026.
    vi.useFakeTimers({ now: new Date('2026-03-15T13:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('defaults to the last twelve calendar months up to today', () => {
    expect(DashboardQuerySchema.parse({})).toEqual({ from: '2025-04-01', to: '2026-03-15' });
  });

  it('counts twelve months back from the end it is given', () => {
    expect(DashboardQuerySchema.parse({ to: '2025-01-31' })).toEqual({ from: '2024-02-01', to: '2025-01-31' });
  });

  it('accepts a single day and a period of exactly 24 calendar months', () => {
    expect(DashboardQuerySchema.parse({ from: '2026-03-15', to: '2026-03-15' })).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(DashboardQuerySchema.parse({ from: '2024-04-30', to: '2026-03-01' })).toEqual({ from: '2024-04-30', to: '2026-03-01' });
  });

  it.each([
    [{ from: '2026-02-30' }, 'from', messages.registration.invalidDate],
    [{ to: '15/03/2026' }, 'to', messages.registration.invalidDate],
    [{ from: '2026-03-10', to: '2026-03-01' }, 'from', messages.dashboard.periodReversed],
    [{ from: '2024-03-31', to: '2026-03-01' }, 'from', messages.dashboard.periodTooLong],
    [{ to: '2026-03-16' }, 'to', messages.dashboard.periodInFuture],
  ])('refuses %o with a message on %s', (query, path, message) => {
    expect(issuesOf(query)).toEqual([{ path, message }]);
  });

  it('gives the presets whole calendar months up to today', () => {
    expect(dashboardPeriodOf('thisMonth')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(dashboardPeriodOf('last3Months')).toEqual({ from: '2026-01-01', to: '2026-03-15' });
    expect(dashboardPeriodOf('last12Months')).toEqual({ from: '2025-04-01', to: '2026-03-15' });
  });
});

describe('calendar months', () => {
  it('steps back across a year', () => {
    expect(periodStartFor('2026-01-31', 2)).toBe('2025-12-01');
    expect(periodStartFor('2026-01-31', 25)).toBe('2024-01-01');
  });

  it('counts the months a period touches, both ends included', () => {
    expect(monthsSpanned('2026-03-31', '2026-03-31')).toBe(1);
    expect(monthsSpanned('2025-12-31', '2026-01-01')).toBe(2);
    expect(monthsSpanned('2024-04-01', '2026-03-31')).toBe(24);
  });
});
