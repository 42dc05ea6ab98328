import { describe, expect, it } from 'vitest';
import { repeatedMedicines } from './duplicates.ts';

const dispensable = [
  { prescriptionId: 'a', number: 10, expiryDate: '2026-03-01', medicationId: 510, genericName: 'Enalapril Maleato' },
  { prescriptionId: 'b', number: 11, expiryDate: '2026-03-05', medicationId: null, genericName: 'Ácido Fólico' },
];

describe('repeatedMedicines', () => {
  it('finds the same vademecum presentation whatever generic name was typed', () => {
    expect(repeatedMedicines(dispensable, [{ medicationId: 510, genericName: 'otro nombre' }]))
      .toEqual([{ prescriptionId: 'a', number: 10, expiryDate: '2026-03-01', genericName: 'Enalapril Maleato' }]);
  });

  it('finds the same generic name written by hand in other capitals and without accents', () => {
    expect(repeatedMedicines(dispensable, [{ medicationId: null, genericName: '  acido   FOLICO ' }]).map((item) => item.number))
      .toEqual([11]);
  });

  it('finds nothing for another medicine', () => {
    expect(repeatedMedicines(dispensable, [{ medicationId: 2797, genericName: 'Metformina Clorhidrato' }])).toEqual([]);
  });
});
