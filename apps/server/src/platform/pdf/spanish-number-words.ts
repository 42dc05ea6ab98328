const units = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez',
  'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte',
  'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve',
];
const tens = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const hundreds = [
  '', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos',
];

/**
 * A whole number from 0 to 999 in Spanish words, as a prescription writes a quantity beside
 * its digits so that it cannot be altered by adding one: 2 → 'dos', 21 → 'veintiuno'.
 */
export function spanishNumberWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > 999) throw new RangeError(`Out of range: ${value}`);
  if (value === 100) return 'cien';
  if (value < units.length) return units[value]!;
  if (value < 100) {
    const unit = value % 10;
    return unit === 0 ? tens[value / 10]! : `${tens[Math.floor(value / 10)]} y ${units[unit]}`;
  }
  const rest = value % 100;
  const hundred = hundreds[Math.floor(value / 100)]!;
  return rest === 0 ? hundred : `${hundred} ${spanishNumberWords(rest)}`;
}
