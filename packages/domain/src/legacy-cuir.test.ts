import { describe, expect, it } from 'vitest';
import { cuirOf } from './legacy-cuir.ts';

describe('CUIR', () => {
  it('is the platform code, the year in Argentina and the number, with a check digit', () => {
    const cuir = cuirOf({ number: 1234, createdAt: '2026-11-22T15:00:00Z' });
    expect(cuir).toMatch(/^000020260000001234\d$/);
    expect(cuir).toHaveLength(19);
  });

  it('takes the year in Argentina, not in UTC', () => {
    expect(cuirOf({ number: 1, createdAt: '2027-01-01T01:00:00Z' }).slice(4, 8)).toBe('2026');
  });

  it('changes its check digit when one digit of the number changes', () => {
    const createdAt = '2026-11-22T15:00:00Z';
    const checkDigits = new Set([1, 2, 3, 4, 5].map((number) => cuirOf({ number, createdAt }).at(-1)));
    expect(checkDigits.size).toBe(5);
  });
});
