import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from './search-text.ts';

describe('normalizeForSearch', () => {
  it.each([
    ['ÁCIDO FÓLICO', 'acido folico'],
    ['Cefalea', 'cefalea'],
    ['Neuquén', 'neuquen'],
    ['Castaña', 'castana'],
    ['Pingüino', 'pinguino'],
    ['  Bajo   Receta\tArchivada ', 'bajo receta archivada'],
  ])('turns %j into %j', (text, expected) => {
    expect(normalizeForSearch(text)).toBe(expected);
  });

  it('joins the parts that have a value with one space', () => {
    expect(normalizeForSearch('A18.3', null, 'Tuberculosis del intestino', undefined, '')).toBe('a18.3 tuberculosis del intestino');
  });
});
