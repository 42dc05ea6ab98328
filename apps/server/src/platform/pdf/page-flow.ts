import { constants, deflateSync } from 'node:zlib';
import { PageSizes, PDFName, PDFRawStream, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

export const margin = 42;
const [pageWidth, pageHeight] = PageSizes.A4;
export const contentWidth = pageWidth - 2 * margin;
/** Room kept at the foot of every page for its page number. */
const footerHeight = 24;

/** A colour as red, green and blue between 0 and 1. */
export type Colour = readonly [number, number, number];
export const grey: Colour = [0.35, 0.35, 0.35];
const black: Colour = [0, 0, 0];

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: Colour;
}

interface FlowPage {
  page: PDFPage;
  /** The page's content stream (ISO 32000-1 section 8 and 9), as text. */
  content: string;
}

/**
 * Writes blocks down A4 pages, starting a new page when the next block would not fit, so
 * that no text runs off a page however long the prescription is. Each page's content is
 * written here as the text of its content stream and compressed once, when the flow ends:
 * pdf-lib's drawing makes objects of every operator and number, and turns them into text at
 * save time, which cost more than everything else a signed prescription needs.
 */
export class PageFlow {
  private readonly pages: FlowPage[] = [];
  private readonly fontNames = new Map<PDFFont, string>();
  y = pageHeight - margin;

  /** `fonts`: every font the pages use. */
  constructor(private readonly doc: PDFDocument, fonts: PDFFont[]) {
    fonts.forEach((font, index) => this.fontNames.set(font, `F${index + 1}`));
    this.addPage();
  }

  /** The page being written. */
  get page(): PDFPage {
    return this.current.page;
  }

  private get current(): FlowPage {
    return this.pages.at(-1)!;
  }

  private addPage(): void {
    const page = this.doc.addPage(PageSizes.A4);
    for (const [font, name] of this.fontNames) page.node.setFontDictionary(PDFName.of(name), font.ref);
    this.pages.push({ page, content: '' });
    this.y = pageHeight - margin;
  }

  /** Makes room for `height` points, on a new page if this one is short of it. */
  reserve(height: number): void {
    if (this.y - height >= margin + footerHeight) return;
    this.addPage();
  }

  /** A paragraph wrapped to `width`, kept whole on one page when it fits on one. */
  paragraph(text: string, style: TextStyle, layout: { indent?: number; width?: number; gap?: number } = {}): void {
    const { indent = 0, width = contentWidth - indent, gap = 2 } = layout;
    const lines = wrapText(text, style.font, style.size, width);
    const lineHeight = style.size * 1.3;
    this.reserve(Math.min(lines.length * lineHeight, pageHeight / 2));
    for (const line of lines) {
      this.reserve(lineHeight);
      this.y -= style.size;
      this.text(line, style, margin + indent, this.y);
      this.y -= lineHeight - style.size;
    }
    this.y -= gap;
  }

  /** One line of text, its baseline starting at (x, y), on the current page. */
  text(text: string, style: TextStyle, x: number, y: number): void {
    this.current.content += textOperators(text, style, this.fontNames.get(style.font)!, x, y);
  }

  /** A thin rule across the page, before a new section. */
  rule(space = 8): void {
    this.reserve(2 * space);
    this.y -= space;
    this.current.content += `q ${colour(grey, 'RG')} 0.5 w ${margin} ${n(this.y)} m ${pageWidth - margin} ${n(this.y)} l S Q\n`;
    this.y -= space;
  }

  /** The outline of a rectangle, lower-left corner at (x, y), on the current page. */
  outline({ x, y, width, height }: { x: number; y: number; width: number; height: number }, color: Colour): void {
    this.current.content += `q ${colour(color, 'RG')} 0.75 w ${n(x)} ${n(y)} ${n(width)} ${n(height)} re S Q\n`;
  }

  /** Content stream operators of the caller's own, added to the current page as they are. */
  draw(operators: string): void {
    this.current.content += operators;
  }

  /** Writes 'Página i de n' and `label` at the foot of every page, once all are written. */
  numberPages(label: string, style: TextStyle): void {
    for (const [index, flowPage] of this.pages.entries()) {
      const text = `${label} · Página ${index + 1} de ${this.pages.length}`;
      const x = pageWidth - margin - style.font.widthOfTextAtSize(text, style.size);
      const fontName = this.fontNames.get(style.font)!;
      flowPage.content += textOperators(text, { color: grey, ...style }, fontName, x, margin / 2);
    }
  }

  /**
   * Ends the flow: each page gets its content, compressed with node:zlib at its fastest level,
   * which keeps all but a few hundred bytes of the default level's saving at a third of its time.
   */
  writeContents(): void {
    const { context } = this.doc;
    for (const { page, content } of this.pages) {
      const stream = PDFRawStream.of(context.obj({ Filter: 'FlateDecode' }), deflateSync(content, { level: constants.Z_BEST_SPEED }));
      page.node.set(PDFName.of('Contents'), context.register(stream));
    }
  }
}

/** A number as a content stream writes it: at most two decimals, enough at 1/72 inch a unit. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function colour([red, green, blue]: Colour, operator: 'rg' | 'RG'): string {
  return `${n(red)} ${n(green)} ${n(blue)} ${operator}`;
}

function textOperators(
  text: string, { font, size, color = black }: TextStyle, fontName: string, x: number, y: number,
): string {
  return `BT ${colour(color, 'rg')} /${fontName} ${n(size)} Tf ${n(x)} ${n(y)} Td ${font.encodeText(text).toString()} Tj ET\n`;
}

/**
 * Splits text into lines no wider than `width`: at spaces, at the text's own line breaks, and
 * inside a word only when the word alone is wider than the line. Widths add up character by
 * character (the fonts have no kerning here), so each word is measured once.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const widthOf = (candidate: string) => font.widthOfTextAtSize(candidate, size);
  const space = widthOf(' ');
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = widthOf(word);
      if (line && lineWidth + space + wordWidth <= width) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      lineWidth = wordWidth;
      while (lineWidth > width) {
        let cut = line.length - 1;
        while (cut > 1 && widthOf(line.slice(0, cut)) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
        lineWidth = widthOf(line);
      }
    }
    lines.push(line);
  }
  return lines;
}
