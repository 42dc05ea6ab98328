import { describe, expect, it } from 'vitest';
import { allergyConflictsOf } from './allergies.ts';
import type { Allergy } from './patients.ts';

const allergy = (substance: string, kind: Allergy['kind'] = 'allergy'): Allergy => ({ kind, substance, fromVademecum: false });

describe('allergyConflictsOf', () => {
  it('finds an active ingredient however it is capitalised or accented, alone or in a combination', () => {
    expect(allergyConflictsOf([allergy('Amoxicilina')], [{ genericName: 'AMOXICILINA + ÁCIDO CLAVULÁNICO' }])).toEqual([
      { genericName: 'AMOXICILINA + ÁCIDO CLAVULÁNICO', substance: 'Amoxicilina', kind: 'allergy' },
    ]);
    expect(allergyConflictsOf([allergy('acido clavulanico', 'intolerance')], [{ genericName: 'Amoxicilina + Ácido Clavulánico' }]))
      .toHaveLength(1);
  });

  it('finds the members of a family recorded by its name', () => {
    expect(allergyConflictsOf([allergy('Penicilinas')], [{ genericName: 'Amoxicilina' }])).toHaveLength(1);
    expect(allergyConflictsOf([allergy('AINEs')], [{ genericName: 'Ibuprofeno' }, { genericName: 'Diclofenac Sodico' }]))
      .toHaveLength(2);
    expect(allergyConflictsOf([allergy('sulfas')], [{ genericName: 'Sulfametoxazol + Trimetoprima' }])).toHaveLength(1);
  });

  it('leaves alone the medicines the patient may take', () => {
    expect(allergyConflictsOf([allergy('Penicilina'), allergy('Lactosa', 'intolerance')], [
      { genericName: 'Enalapril Maleato' }, { genericName: 'Azitromicina' },
    ])).toEqual([]);
    expect(allergyConflictsOf([allergy('Macrólidos')], [{ genericName: 'Gentamicina' }])).toEqual([]);
    expect(allergyConflictsOf([], [{ genericName: 'Amoxicilina' }])).toEqual([]);
  });
});
