import QRCode from 'qrcode';

/**
 * A QR code of `text` as content stream operators, top-left corner at (x, y): vector squares,
 * sharp at any zoom and much cheaper than rendering and embedding an image. Each run of dark
 * modules in a row is one rectangle in module units, scaled once by the transformation matrix.
 */
export function qrCodeOperators(text: string, { x, y, size }: { x: number; y: number; size: number }): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const scale = size / count;
  // Rows go down the page from (x, y), as they do in the code.
  let operators = `q ${scale} 0 0 ${-scale} ${x} ${y} cm 0 0 0 rg\n`;
  for (let row = 0; row < count; row += 1) {
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column += 1;
      operators += `${start} ${row} ${column - start} 1 re\n`;
    }
  }
  return `${operators}f Q\n`;
}
