import { describe, expect, it } from 'vitest';
import { hasValidCuitCheckDigit } from './identity.ts';

describe('hasValidCuitCheckDigit', () => {
  it.each(['20123456786', '27123456780', '30500846301', '23000000019'])('accepts %s', (cuit) => {
    expect(hasValidCuitCheckDigit(cuit)).toBe(true);
  });

  it.each([
    ['20123456787', 'a wrong check digit'],
    ['2012345678', 'ten digits'],
    ['20-12345678-6', 'dashes'],
  ])('refuses %s (%s)', (cuit) => {
    expect(hasValidCuitCheckDigit(cuit)).toBe(false);
  });
});
