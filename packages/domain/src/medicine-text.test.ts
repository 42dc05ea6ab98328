import { describe, expect, it } from 'vitest';
import { medicineText } from './medicine-text.ts';

describe('medicineText', () => {
  it.each([
    ['500 Mg', '500 mg'],
    ['500 MG', '500 mg'],
    ['10 Mg/Comprimido', '10 mg/comprimido'],
    ['Blister Por 21 Unidades', 'blíster por 21 unidades'],
    ['BLISTER POR 21 UNIDADES', 'blíster por 21 unidades'],
    ['Comprimido Recubierto', 'comprimido recubierto'],
    ['Comprimido Comprimido Recubierto', 'comprimido recubierto'],
    ['Solucion Oftalmica', 'solución oftálmica'],
    ['Polvo Para Suspensión Oral', 'polvo para suspensión oral'],
    ['100000 Ui/100 G', '100000 UI/100 g'],
    ['20 Meq/10 Ml', '20 mEq/10 ml'],
    ['1 Frasco Por 40 Ml', '1 frasco por 40 ml'],
    ['  Envase   por 2 2 Ml ', 'envase por 2 2 ml'],
    ['envase por 30 comprimidos', 'envase por 30 comprimidos'],
  ])('writes %j as %j', (text, expected) => {
    expect(medicineText(text)).toBe(expected);
  });
});
