import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { withoutHinting } from './unhinted-font.ts';

const original = readFileSync(new URL('./fonts/DejaVuSans.ttf', import.meta.url));

type Font = ReturnType<typeof fontkit.create>;
type TableEntry = { offset: number; length: number; checkSum: number };

/** The font's table directory, which fontkit reads but does not type. */
function tablesOf(font: Font): Record<string, TableEntry> {
  return (font as unknown as { directory: { tables: Record<string, TableEntry> } }).directory.tables;
}

describe('withoutHinting', () => {
  const stripped = withoutHinting(original);
  const before = fontkit.create(original);
  const after = fontkit.create(Buffer.from(stripped));

  it('drops the hinting programs and keeps every glyph with its outline and width', () => {
    expect(Object.keys(tablesOf(before))).toEqual(expect.arrayContaining(['fpgm', 'prep', 'cvt ']));
    for (const program of ['fpgm', 'prep', 'cvt ']) expect(Object.keys(tablesOf(after))).not.toContain(program);
    expect(after.numGlyphs).toBe(before.numGlyphs);
    // Simple glyphs (a, Ñ's tilde), composite ones (á is a + ´) and an empty one (space).
    for (const character of 'aÑáü ñ€') {
      const [was, is] = [before, after].map((font) => font.glyphForCodePoint(character.codePointAt(0)!));
      expect(is!.path.toSVG(), character).toBe(was!.path.toSVG());
      expect(is!.advanceWidth, character).toBe(was!.advanceWidth);
    }
    expect(tablesOf(after).glyf!.length).toBeLessThan(tablesOf(before).glyf!.length * 0.9);
  });

  it('leaves no glyph with instructions, and writes valid table checksums', () => {
    const view = new DataView(stripped.buffer, stripped.byteOffset, stripped.byteLength);
    for (const [tag, table] of Object.entries(tablesOf(after))) {
      let sum = 0;
      const end = table.offset + ((table.length + 3) & ~3);
      for (let at = table.offset; at < end; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
      // head's checksum is taken with its checkSumAdjustment at zero.
      if (tag === 'head') sum = (sum - view.getUint32(table.offset + 8)) >>> 0;
      expect(sum, tag).toBe(table.checkSum);
    }
    for (let id = 0; id < after.numGlyphs; id += 1) {
      const glyph = after.getGlyph(id) as unknown as { _decode(): { instructions?: number[] } | null };
      expect(glyph._decode()?.instructions ?? []).toEqual([]);
    }
  });
});
