import { describe, expect, it } from 'vitest';
import { derElement, tag } from './der.ts';

describe('derElement', () => {
  it('writes a short length in one byte', () => {
    expect([...derElement(tag.octetString, Uint8Array.of(1, 2))]).toEqual([0x04, 2, 1, 2]);
  });

  it('writes a length of 128 or more in long form', () => {
    const element = derElement(tag.sequence, new Uint8Array(300));
    expect([...element.subarray(0, 4)]).toEqual([0x30, 0x82, 0x01, 0x2c]);
    expect(element.length).toBe(304);
  });
});
