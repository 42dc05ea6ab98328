/**
 * A TrueType font without its hinting: the programs (fpgm, prep, cvt) and each glyph's
 * instructions, about half of DejaVu's glyph data. Hinting fits outlines to a screen's pixel
 * grid at small sizes; PDF readers scale the outlines and smooth them, and print at resolutions
 * where it changes nothing.
 */
export function withoutHinting(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, Uint8Array>();
  const count = view.getUint16(4);
  for (let index = 0; index < count; index += 1) {
    const entry = 12 + 16 * index;
    const tag = String.fromCharCode(...font.subarray(entry, entry + 4));
    const offset = view.getUint32(entry + 8);
    tables.set(tag, font.subarray(offset, offset + view.getUint32(entry + 12)));
  }
  const head = Uint8Array.from(tables.get('head')!);
  const headView = new DataView(head.buffer);
  const isLongLoca = headView.getInt16(50) === 1;
  const loca = dataView(tables.get('loca')!);
  const glyf = tables.get('glyf')!;
  const glyphCount = dataView(tables.get('maxp')!).getUint16(4);
  const offsetOf = (glyph: number) => (isLongLoca ? loca.getUint32(4 * glyph) : 2 * loca.getUint16(2 * glyph));

  const glyphs: Uint8Array[] = [];
  const newLoca = new DataView(new ArrayBuffer(4 * (glyphCount + 1)));
  let position = 0;
  for (let glyph = 0; glyph < glyphCount; glyph += 1) {
    const stripped = glyphWithoutInstructions(glyf.subarray(offsetOf(glyph), offsetOf(glyph + 1)));
    glyphs.push(stripped);
    newLoca.setUint32(4 * glyph, position);
    position += stripped.length;
  }
  newLoca.setUint32(4 * glyphCount, position);
  headView.setInt16(50, 1);
  headView.setUint32(8, 0);

  for (const hinting of ['fpgm', 'prep', 'cvt ']) tables.delete(hinting);
  tables.set('head', head);
  tables.set('loca', new Uint8Array(newLoca.buffer));
  tables.set('glyf', concat(glyphs));
  return assembleFont(tables);
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A glyph (OpenType glyf table) with no instructions, padded to an even length. */
function glyphWithoutInstructions(glyph: Uint8Array): Uint8Array {
  if (glyph.length === 0) return glyph;
  const view = dataView(glyph);
  const contours = view.getInt16(0);
  let stripped: Uint8Array;
  if (contours >= 0) {
    const lengthAt = 10 + 2 * contours;
    const instructions = view.getUint16(lengthAt);
    stripped = concat([glyph.subarray(0, lengthAt), new Uint8Array(2), glyph.subarray(lengthAt + 2 + instructions)]);
  } else {
    // A composite glyph: its components, each flagged for whether instructions follow the last.
    stripped = Uint8Array.from(glyph);
    const copy = dataView(stripped);
    let at = 10;
    let flags: number;
    do {
      flags = copy.getUint16(at);
      copy.setUint16(at, flags & ~0x0100);
      at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
    } while (flags & 0x0020);
    stripped = stripped.subarray(0, at);
  }
  return stripped.length % 2 === 0 ? stripped : concat([stripped, new Uint8Array(1)]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** The font file of `tables`: the table directory, then each table on a four-byte boundary, with its checksum. */
function assembleFont(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const directorySize = 12 + 16 * tags.length;
  const sizes = tags.map((tag) => (tables.get(tag)!.length + 3) & ~3);
  const font = new Uint8Array(directorySize + sizes.reduce((total, size) => total + size, 0));
  const view = dataView(font);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, tags.length * 16 - power * 16);
  let offset = directorySize;
  tags.forEach((tag, index) => {
    const table = tables.get(tag)!;
    const entry = 12 + 16 * index;
    for (let letter = 0; letter < 4; letter += 1) font[entry + letter] = tag.charCodeAt(letter);
    font.set(table, offset);
    view.setUint32(entry + 4, checksum(font.subarray(offset, offset + sizes[index]!)));
    view.setUint32(entry + 8, offset);
    view.setUint32(entry + 12, table.length);
    offset += sizes[index]!;
  });
  // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA (OpenType, head table).
  const headAt = view.getUint32(12 + 16 * tags.indexOf('head') + 8);
  view.setUint32(headAt + 8, (0xb1b0afba - checksum(font)) >>> 0);
  return font;
}

function checksum(bytes: Uint8Array): number {
  const view = dataView(bytes);
  let sum = 0;
  for (let at = 0; at + 4 <= bytes.length; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}
