import { describe, expect, it } from 'vitest';
import { sniffContentType } from './content-type.ts';

describe('sniffContentType', () => {
  it.each([
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00], 'image/png'],
    ['a JPEG', [0xff, 0xd8, 0xff, 0xe0, 0x00], 'image/jpeg'],
    ['a PDF', [...Buffer.from('%PDF-1.7\n')], 'application/pdf'],
  ])('recognises %s by its first bytes', (_kind, bytes, contentType) => {
    expect(sniffContentType(Uint8Array.from(bytes))?.contentType).toBe(contentType);
  });

  it.each([
    ['plain text', Buffer.from('hola, soy un PDF')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e])],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s', (_kind, content) => {
    expect(sniffContentType(content)).toBeNull();
  });
});
