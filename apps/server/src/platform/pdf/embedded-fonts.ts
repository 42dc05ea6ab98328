import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import {
  CustomFontEmbedder, PDFFont, PDFHexString, PDFRawStream, PDFString, type PDFContext, type PDFDocument,
  type PDFRef,
} from 'pdf-lib';
import { withoutHinting } from './unhinted-font.ts';

// DejaVu Sans (see fonts/README.md): Unicode, so accents, ñ and any name a patient has render.
const fontFiles = {
  regular: readFileSync(new URL('./fonts/DejaVuSans.ttf', import.meta.url)),
  bold: readFileSync(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url)),
};

type Font = ReturnType<typeof fontkit.create>;
type Glyph = ReturnType<Font['glyphForCodePoint']>;
type Face = keyof typeof fontFiles;

export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The characters the shared subset holds: Basic Latin, Latin-1 (every Spanish letter and sign,
 * and the accents of the Italian, French, German and Portuguese names common in Argentina) and
 * the punctuation and signs the product or a doctor writes (dashes, quotes, bullet, ellipsis,
 * €, №, −, ≤, ≥).
 */
const repertoire = [
  ...range(0x20, 0x7e), ...range(0xa0, 0xff), ...range(0x2010, 0x2027), 0x2030, 0x20ac, 0x2116, 0x2212, 0x2264, 0x2265,
];

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

const repertoireSet = new Set(repertoire);

/**
 * Whether every character of `text` is one the shared subset holds. Whitespace does not count:
 * lines are split at it, and words are joined with plain spaces.
 */
export function isWithinRepertoire(text: string): boolean {
  for (const character of text) {
    if (!repertoireSet.has(character.codePointAt(0)!) && !/\s/.test(character)) return false;
  }
  return true;
}

/**
 * Embeds the regular and bold faces in `doc`. A document whose text (`text`) stays within the
 * repertoire gets the subset made once per process, already encoded and compressed: no font
 * work at all per document. Any other gets a subset of the glyphs it uses, made for it.
 */
export async function embedFonts(doc: PDFDocument, text: string): Promise<DocumentFonts> {
  if (!isWithinRepertoire(text)) return embedDocumentSubsets(doc);
  const [regular, bold] = await Promise.all([sharedSubset('regular'), sharedSubset('bold')]);
  return { regular: regular.embedIn(doc), bold: bold.embedIn(doc) };
}

const sharedSubsets = new Map<Face, Promise<SharedSubset>>();

function sharedSubset(face: Face): Promise<SharedSubset> {
  let subset = sharedSubsets.get(face);
  if (!subset) {
    subset = SharedSubset.create(face);
    sharedSubsets.set(face, subset);
  }
  return subset;
}

/**
 * A subset of one face holding the repertoire, made once per process, and the PDF objects
 * every document embeds it with: the font file (unhinted, which halves it) and the ToUnicode
 * map already compressed, the widths and the glyph code of every character already known.
 */
class SharedSubset extends CustomFontEmbedder {
  private constructor(
    face: Face,
    font: Font,
    private readonly codes: Map<number, string>,
    private readonly widths: Map<number, number>,
    private readonly fontFile: { bytes: Uint8Array; length: number },
    private readonly toUnicode: Uint8Array,
    private readonly glyphWidths: number[],
  ) {
    super(font, fontFiles[face]);
    // A subset's name carries a six-letter tag (ISO 32000-1 section 9.6.4); one per process will do.
    this.baseFontName = `RDPSUB+${this.fontName}`;
  }

  static async create(face: Face): Promise<SharedSubset> {
    const font = fontkit.create(fontFiles[face]);
    const subset = font.createSubset();
    const codes = new Map<number, string>();
    const widths = new Map<number, number>();
    const unicodeOf = new Map<number, number>();
    const glyphWidths: number[] = [];
    const scale = 1000 / font.unitsPerEm;
    for (const codePoint of repertoire) {
      if (!font.hasGlyphForCodePoint(codePoint)) continue;
      const glyph: Glyph = font.glyphForCodePoint(codePoint);
      const id = subset.includeGlyph(glyph);
      codes.set(codePoint, id.toString(16).padStart(4, '0'));
      widths.set(codePoint, glyph.advanceWidth * scale);
      glyphWidths[id - 1] = glyph.advanceWidth * scale;
      // A glyph two characters share (a space and a no-break space) is copied as the first.
      if (!unicodeOf.has(id)) unicodeOf.set(id, codePoint);
    }
    const bytes = withoutHinting(await encodeSubset(subset));
    return new SharedSubset(
      face,
      font,
      codes,
      widths,
      { bytes: deflateSync(bytes), length: bytes.length },
      deflateSync(toUnicodeCmap(unicodeOf)),
      glyphWidths,
    );
  }

  /** This subset as a font of `doc`, its objects written into the document at once. */
  embedIn(doc: PDFDocument): PDFFont {
    const ref = doc.context.nextRef();
    this.writeObjects(doc.context, ref);
    return PDFFont.of(ref, doc, this);
  }

  override encodeText(text: string): PDFHexString {
    let hex = '';
    for (const character of text) hex += this.codeOf(character);
    return PDFHexString.of(hex);
  }

  override widthOfTextAtSize(text: string, size: number): number {
    let width = 0;
    for (const character of text) width += this.widths.get(character.codePointAt(0)!) ?? this.missing(character);
    return (width * size) / 1000;
  }

  /** Already written by `embedIn`; pdf-lib only calls this for the fonts it embedded itself. */
  override embedIntoContext(_context: PDFContext, ref?: PDFRef): Promise<PDFRef> {
    return Promise.resolve(ref!);
  }

  private codeOf(character: string): string {
    return this.codes.get(character.codePointAt(0)!) ?? this.missing(character);
  }

  /** embedFonts checked the document's text: a character missing here is one the layout added. */
  private missing(character: string): never {
    throw new Error(`The shared font subset has no glyph for U+${character.codePointAt(0)!.toString(16).toUpperCase()}`);
  }

  private writeObjects(context: PDFContext, ref: PDFRef): void {
    const { font, scale } = this;
    const fontFile = context.register(PDFRawStream.of(
      context.obj({ Length1: this.fontFile.length, Filter: 'FlateDecode' }), this.fontFile.bytes,
    ));
    const { minX, minY, maxX, maxY } = font.bbox;
    const descriptor = context.register(context.obj({
      Type: 'FontDescriptor',
      FontName: this.baseFontName,
      Flags: 4,
      FontBBox: [minX * scale, minY * scale, maxX * scale, maxY * scale],
      ItalicAngle: font.italicAngle,
      Ascent: font.ascent * scale,
      Descent: font.descent * scale,
      CapHeight: (font.capHeight || font.ascent) * scale,
      XHeight: (font.xHeight || 0) * scale,
      StemV: 0,
      FontFile2: fontFile,
    }));
    const descendant = context.register(context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      CIDToGIDMap: 'Identity',
      BaseFont: this.baseFontName,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [1, this.glyphWidths],
    }));
    const toUnicode = context.register(PDFRawStream.of(context.obj({ Filter: 'FlateDecode' }), this.toUnicode));
    context.assign(ref, context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: this.baseFontName,
      Encoding: 'Identity-H',
      DescendantFonts: [descendant],
      ToUnicode: toUnicode,
    }));
  }
}

function encodeSubset(subset: ReturnType<Font['createSubset']>): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const parts: Uint8Array[] = [];
    subset.encodeStream()
      .on('data', (bytes: Uint8Array) => parts.push(bytes))
      .on('end', () => resolve(Buffer.concat(parts)));
  });
}

/** The ToUnicode CMap (ISO 32000-1 section 9.10.3) that lets a reader copy and search the text. */
function toUnicodeCmap(unicodeOf: Map<number, number>): string {
  const hex = (value: number) => value.toString(16).padStart(4, '0');
  const pairs = [...unicodeOf].map(([id, codePoint]) => `<${hex(id)}> <${hex(codePoint)}>`);
  // At most 100 entries per bfchar block.
  const blocks: string[] = [];
  for (let start = 0; start < pairs.length; start += 100) {
    const block = pairs.slice(start, start + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def', '/CMapType 2 def',
    '1 begincodespacerange', '<0000> <ffff>', 'endcodespacerange',
    ...blocks,
    'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end',
  ].join('\n');
}

const parsed = new Map<Uint8Array, Font>();

/**
 * fontkit for pdf-lib that parses each font file once per process (every document still
 * embeds only the glyphs it uses) and maps characters to glyphs one by one. fontkit's full
 * OpenType layout, run for every measure and every line, made a prescription cost a tenth
 * of a second; Spanish text needs neither ligatures nor shaping.
 */
const parsedOnce: { create: typeof fontkit.create } = {
  create(data: Uint8Array, postscriptName?: string) {
    let font = parsed.get(data);
    if (!font) {
      font = withCharacterLayout(fontkit.create(data, postscriptName));
      parsed.set(data, font);
    }
    return font;
  },
};

function withCharacterLayout(font: Font): Font {
  const glyphs = new Map<number, Glyph>();
  const glyphOf = (codePoint: number) => {
    let glyph = glyphs.get(codePoint);
    if (!glyph) {
      // fontkit keeps one glyph object per glyph id, and one made while subsetting an accented
      // letter (ü is u + ¨) has no code points: name ours, or the PDF's text would lose the letter.
      glyph = Object.create(font.glyphForCodePoint(codePoint), { codePoints: { value: [codePoint] } }) as Glyph;
      glyphs.set(codePoint, glyph);
    }
    return glyph;
  };
  const layout = (text: string) => ({ glyphs: Array.from(text, (character) => glyphOf(character.codePointAt(0)!)) });
  // The font's own getters and subsetting keep working: only `layout` is replaced.
  return Object.create(font, { layout: { value: layout } }) as Font;
}

/** The regular and bold faces as subsets of the glyphs this document uses, for text beyond the repertoire. */
async function embedDocumentSubsets(doc: PDFDocument): Promise<DocumentFonts> {
  doc.registerFontkit(parsedOnce);
  const [regular, bold] = await Promise.all([
    doc.embedFont(fontFiles.regular, { subset: true }),
    doc.embedFont(fontFiles.bold, { subset: true }),
  ]);
  return { regular, bold };
}
