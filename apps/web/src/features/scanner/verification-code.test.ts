import { describe, expect, it } from 'vitest';
import { codeFromScan } from './verification-code.ts';

describe('codeFromScan', () => {
  it('takes the code out of the verification address the QR holds', () => {
    expect(codeFromScan('https://receta.example.com/verify/7K3M9P2QX4T8VW6R')).toBe('7K3M9P2QX4T8VW6R');
    expect(codeFromScan(' http://localhost:5173/verify/7k3m9p2qx4t8vw6r/ \n')).toBe('7K3M9P2QX4T8VW6R');
  });

  it('takes a bare code as it is printed under the QR, or a CUIR', () => {
    expect(codeFromScan('7k3m9p2qx4t8vw6r')).toBe('7K3M9P2QX4T8VW6R');
    expect(codeFromScan('1025 0042 02 0101 0000123456789012345678901 01')).toBe('10250042020101000012345678901234567890101');
  });

  it('refuses other addresses and codes that are not a verification code', () => {
    expect(codeFromScan('https://example.com/p/7K3M9P2QX4T8VW6R')).toBeNull();
    expect(codeFromScan('https://receta.example.com/verify/SHORT')).toBeNull();
    // I, L, O and U are not in Crockford's base 32.
    expect(codeFromScan('7K3M9P2QX4T8VW6U')).toBeNull();
    expect(codeFromScan('hola')).toBeNull();
  });
});
