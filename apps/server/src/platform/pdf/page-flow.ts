import { PageSizes, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

export const margin = 42;
const [pageWidth, pageHeight] = PageSizes.A4;
export const contentWidth = pageWidth - 2 * margin;
/** Room kept at the foot of every page for its page number. */
const footerHeight = 24;

export const grey = rgb(0.35, 0.35, 0.35);
const black = rgb(0, 0, 0);

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
}

/**
 * Writes blocks down A4 pages, starting a new page when the next block would not fit, so
 * that no text runs off a page however long the prescription is.
 */
export class PageFlow {
  page: PDFPage;
  y: number;

  constructor(readonly doc: PDFDocument) {
    this.page = doc.addPage(PageSizes.A4);
    this.y = pageHeight - margin;
  }

  /** Makes room for `height` points, on a new page if this one is short of it. */
  reserve(height: number): void {
    if (this.y - height >= margin + footerHeight) return;
    this.page = this.doc.addPage(PageSizes.A4);
    this.y = pageHeight - margin;
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
      const { font, size, color = black } = style;
      this.page.drawText(line, { x: margin + indent, y: this.y, size, font, color });
      this.y -= lineHeight - style.size;
    }
    this.y -= gap;
  }

  /** A thin rule across the page, before a new section. */
  rule(space = 8): void {
    this.reserve(2 * space);
    this.y -= space;
    const start = { x: margin, y: this.y };
    this.page.drawLine({ start, end: { x: pageWidth - margin, y: this.y }, thickness: 0.5, color: grey });
    this.y -= space;
  }

  /** Writes 'Página i de n' and `label` at the foot of every page, once all are written. */
  numberPages(label: string, style: TextStyle): void {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const text = `${label} · Página ${index + 1} de ${pages.length}`;
      const x = pageWidth - margin - style.font.widthOfTextAtSize(text, style.size);
      page.drawText(text, { x, y: margin / 2, size: style.size, font: style.font, color: style.color ?? grey });
    });
  }
}

/**
 * Splits text into lines no wider than `width`: at spaces, at the text's own line breaks, and
 * inside a word only when the word alone is wider than the line.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (!fits(line)) {
        let cut = line.length - 1;
        while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}
