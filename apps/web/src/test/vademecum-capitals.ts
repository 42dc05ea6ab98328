import type { Medication } from '@receta/domain';

/** A presentation as the vademecum spells it: in capitals, with the form word repeated. */
export const enalaprilInCapitals: Medication = {
  id: 510, brandName: 'Lotrial', genericName: 'Enalapril Maleato', strength: '10 Mg',
  pharmaceuticalForm: 'Comprimido Comprimido Recubierto', presentation: 'BLISTER POR 30 UNIDADES', laboratory: 'Roemmers',
  saleCondition: 'Venta bajo receta', gtin: null, troquel: null,
};
