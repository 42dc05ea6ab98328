import { describe, expect, it } from 'vitest';
import { attachmentDisposition, inlineDisposition } from './content-disposition.ts';

describe('inlineDisposition', () => {
  it('keeps an ASCII name as it is', () => {
    expect(inlineDisposition('dni.pdf')).toBe('inline; filename="dni.pdf"; filename*=UTF-8\'\'dni.pdf');
  });

  it('gives an accented name an ASCII fallback and its exact UTF-8 form', () => {
    expect(inlineDisposition('Título (1).pdf'))
      .toBe('inline; filename="T_tulo (1).pdf"; filename*=UTF-8\'\'T%C3%ADtulo%20%281%29.pdf');
  });

  it('cannot be broken out of with quotes', () => {
    expect(inlineDisposition('a".pdf')).toBe('inline; filename="a_.pdf"; filename*=UTF-8\'\'a%22.pdf');
  });
});

describe('attachmentDisposition', () => {
  it('asks the browser to save the file under its name', () => {
    expect(attachmentDisposition('empleados-2026.csv'))
      .toBe('attachment; filename="empleados-2026.csv"; filename*=UTF-8\'\'empleados-2026.csv');
  });
});
