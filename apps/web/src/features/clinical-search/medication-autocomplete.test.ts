import { describe, expect, it } from 'vitest';
import { enalaprilInCapitals } from '../../test/vademecum-capitals.ts';
import { medicationLabel } from './medication-autocomplete.tsx';

describe('medication search options', () => {
  it('name a medicine in the normal case a prescription writes', () => {
    expect(medicationLabel(enalaprilInCapitals)).toBe('Enalapril Maleato 10 mg — Lotrial — blíster por 30 unidades — Roemmers');
  });
});
