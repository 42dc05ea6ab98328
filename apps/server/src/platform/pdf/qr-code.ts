import {
  concatTransformationMatrix, fill, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor, type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';

/**
 * Draws a QR code of `text` as vector squares, top-left corner at (x, y): sharp at any zoom,
 * and much cheaper than rendering and embedding an image. Each run of dark modules in a row
 * is one rectangle in module units, scaled once by the transformation matrix: the same
 * picture as an SVG path of those squares, at a fraction of the cost (pdf-lib turns a path
 * into many more operators, each with its numbers transformed and printed).
 */
export function drawQrCode(page: PDFPage, text: string, { x, y, size }: { x: number; y: number; size: number }): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = size / modules.size;
  // Rows go down the page from (x, y), as they do in the code.
  const operators = [
    pushGraphicsState(), setFillingRgbColor(0, 0, 0), concatTransformationMatrix(scale, 0, 0, -scale, x, y),
  ];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      operators.push(rectangle(start, row, column - start, 1));
    }
  }
  page.pushOperators(...operators, fill(), popGraphicsState());
}
