import { describe, expect, it } from 'vitest';
import { assignPamiIds, derivePamiMedications, ingredientKeyOf, splitPresentation } from './pami-medications.ts';

describe('PAMI\'s list beside ANMAT\'s', () => {
  it('reads strength, form and pack from PAMI\'s free-text presentation', () => {
    expect(splitPresentation('100 mg comp.rec.x 30')).toEqual({
      strength: '100 mg', pharmaceuticalForm: 'Comprimido Recubierto', presentation: 'Comprimido Recubierto x 30',
    });
    expect(splitPresentation('0.25 mg comp.subl. x 30')).toMatchObject({ strength: '0,25 mg', pharmaceuticalForm: 'Comprimido Sublingual' });
    expect(splitPresentation('97/103 mg comp.rec.x 60')).toMatchObject({ strength: '97/103 mg' });
    expect(splitPresentation('jbe.x 120 ml')).toEqual({ strength: null, pharmaceuticalForm: 'Jarabe', presentation: 'Jarabe x 120 ml' });
  });

  it('matches active ingredients whatever their spelling ending, salt or order', () => {
    expect(ingredientKeyOf('sacubitrilo+valsartán')).toBe(ingredientKeyOf('Valsartan + Sacubitril'));
    expect(ingredientKeyOf('budesonide')).toBe(ingredientKeyOf('Budesonida'));
    expect(ingredientKeyOf('pinaverio bromuro')).toBe(ingredientKeyOf('Bromuro De Pinaverio'));
  });

  it('gives the same ids to the same rows, keeps the shipped ones and moves on deterministically from a collision', () => {
    const keys = ['a|b|c', 'd|e|f', 'g|h|i'];
    const first = assignPamiIds(keys, new Map());
    expect(assignPamiIds([...keys].reverse(), new Map())).toEqual(first);
    for (const id of first.values()) expect(id).toBeGreaterThanOrEqual(900_000_000);
    // A new release whose new key hashes to a shipped id: the shipped row keeps it.
    const shipped = new Map([['old|row|x', first.get('a|b|c') ?? 0]]);
    const next = assignPamiIds(['a|b|c', 'old|row|x'], shipped);
    expect(next.get('old|row|x')).toBe(first.get('a|b|c'));
    expect(next.get('a|b|c')).not.toBe(first.get('a|b|c'));
    expect(assignPamiIds(['a|b|c', 'old|row|x'], shipped)).toEqual(next);
  });

  it('adds the medicines ANMAT lacks, skips strips and what ANMAT lists, and never sells below ANMAT\'s condition', () => {
    const row = (droga: string, marca: string, presentacion = '1 mg comp.x 30') => ({ droga, marca, presentacion, laboratorio: 'Lab' });
    const derived = derivePamiMedications(
      [row('clonazepam', 'NUEVO'), row('clonazepam', 'RIVOTRIL'), row('tiras reactivas', 'ACCU-CHEK', 'x 50'),
        row('semaglutida', 'WEGOVY'), row('ibuprofeno', 'NUEVOFEN')],
      [
        { brandName: 'Rivotril', genericName: 'Clonazepam', saleCondition: 'Bajo Receta Archivada' },
        { brandName: 'Otro', genericName: 'Clonazepam', saleCondition: 'Bajo Receta Archivada (Psicotropicos Lista Iv)' },
        { brandName: 'Ibupirac', genericName: 'Ibuprofeno', saleCondition: 'Venta Libre' },
      ],
      new Map(),
    );
    expect(derived.map((medication) => [medication.brandName, medication.saleCondition]).sort()).toEqual([
      ['Nuevo', 'Bajo Receta Archivada (Psicotropicos Lista Iv)'],
      ['Nuevofen', 'Bajo Receta'],
      ['Wegovy', 'Bajo Receta'],
    ]);
  });
});
