import { describe, expect, it } from 'vitest';
import { spanishNumberWords } from './spanish-number-words.ts';

describe('spanishNumberWords', () => {
  it.each([
    [1, 'uno'], [2, 'dos'], [10, 'diez'], [16, 'dieciséis'], [22, 'veintidós'], [30, 'treinta'],
    [45, 'cuarenta y cinco'], [100, 'cien'], [101, 'ciento uno'], [200, 'doscientos'], [999, 'novecientos noventa y nueve'],
  ])('writes %i as "%s"', (value, words) => {
    expect(spanishNumberWords(value)).toBe(words);
  });

  it('refuses what a quantity cannot be', () => {
    expect(() => spanishNumberWords(-1)).toThrow(RangeError);
    expect(() => spanishNumberWords(1.5)).toThrow(RangeError);
    expect(() => spanishNumberWords(1000)).toThrow(RangeError);
  });
});
