import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// DejaVu Sans (see fonts/README.md): Unicode, so accents, ñ and any name a patient has render.
const fontFiles = {
  regular: readFileSync(new URL('./fonts/DejaVuSans.ttf', import.meta.url)),
  bold: readFileSync(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url)),
};

type Font = ReturnType<typeof fontkit.create>;
type Glyph = ReturnType<Font['glyphForCodePoint']>;
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

export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Embeds the regular and bold faces in `doc`, as subsets of the glyphs the document uses. */
export async function embedFonts(doc: PDFDocument): Promise<DocumentFonts> {
  doc.registerFontkit(parsedOnce);
  const [regular, bold] = await Promise.all([
    doc.embedFont(fontFiles.regular, { subset: true }),
    doc.embedFont(fontFiles.bold, { subset: true }),
  ]);
  return { regular, bold };
}
