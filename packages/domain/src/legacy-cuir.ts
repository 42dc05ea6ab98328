import { todayInArgentina } from './dates.ts';

// The 19-digit key the product printed before the official CUIR (cuir.ts). Kept only while the
// PDF and the web pages still print it: they move to each item's `cuir`, and this file goes.

/**
 * The platform's code in the national registry of electronic prescription platforms. It is
 * zeros until the platform is registered and given its code (docs/decisions/015).
 */
const cuirPlatformCode = '0000';

/**
 * The prescription's CUIR (Clave Única de Identificación de Receta), built only from what never
 * changes once a prescription exists: the platform code, the year it was written and its
 * number, with a modulo-11 check digit so a mistyped key is caught. Nineteen digits.
 */
export function cuirOf(prescription: { number: number; createdAt: string }): string {
  const year = todayInArgentina(new Date(prescription.createdAt)).slice(0, 4);
  const body = `${cuirPlatformCode}${year}${String(prescription.number).padStart(10, '0')}`;
  return `${body}${mod11CheckDigit(body)}`;
}

/** Weights 2..7 from the right, as AFIP's and most Argentine check digits; 10 becomes 0. */
function mod11CheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    sum += Number(digit) * (2 + (index % 6));
  });
  return (11 - (sum % 11)) % 11 % 10;
}
