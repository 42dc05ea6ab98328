const cuitWeights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/**
 * Whether an 11-digit CUIT or CUIL carries a valid check digit (AFIP's modulo 11). A
 * remainder that would give 10 has no valid check digit: AFIP issues another prefix instead.
 */
export function hasValidCuitCheckDigit(cuit: string): boolean {
  if (!/^\d{11}$/.test(cuit)) return false;
  const digits = [...cuit].map(Number);
  const sum = cuitWeights.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  const remainder = 11 - (sum % 11);
  const checkDigit = remainder === 11 ? 0 : remainder;
  return checkDigit !== 10 && checkDigit === digits[10];
}
