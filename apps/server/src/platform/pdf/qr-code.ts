import { rgb, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/**
 * Draws a QR code of `text` as vector squares, top-left corner at (x, y): sharp at any zoom,
 * and much cheaper than rendering and embedding an image.
 */
export function drawQrCode(page: PDFPage, text: string, { x, y, size }: { x: number; y: number; size: number }): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const path: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      path.push(`M${start} ${row}H${column}V${row + 1}H${start}Z`);
    }
  }
  // A colour fills the squares; without one pdf-lib only strokes their outlines.
  page.drawSvgPath(path.join(''), { x, y, scale: size / modules.size, color: rgb(0, 0, 0) });
}
