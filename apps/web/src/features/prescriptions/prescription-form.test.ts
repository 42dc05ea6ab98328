import { describe, expect, it } from 'vitest';
import { enalaprilInCapitals } from '../../test/vademecum-capitals.ts';
import { itemFieldsOf } from './prescription-form.ts';

describe('a medicine chosen from the vademecum', () => {
  it('fills the item in the normal case a prescription writes', () => {
    expect(itemFieldsOf(enalaprilInCapitals)).toMatchObject({
      strength: '10 mg', pharmaceuticalForm: 'comprimido recubierto', presentation: 'blíster por 30 unidades',
    });
  });
});
