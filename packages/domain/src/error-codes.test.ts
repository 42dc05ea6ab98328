import { describe, expect, it } from 'vitest';
import { errorCodes } from './error-codes.ts';

describe('errorCodes', () => {
  it('names each code once', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });

  it('names every code in lowerCamelCase', () => {
    expect(errorCodes.filter((code) => !/^[a-z][a-zA-Z]*$/.test(code))).toEqual([]);
  });
});
