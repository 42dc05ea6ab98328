import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { practices } from '../../db/schema/index.ts';
import { findActivePractices, findPractices } from './clinical-search.repository.ts';

const test = useTestApp();

describe('findActivePractices', () => {
  it('answers the active practices among the codes, by code, leaving out unknown and retired ones', async () => {
    await test.app.db.update(practices).set({ isActive: false }).where(sql`${practices.code} = 'CAR-002'`);
    try {
      expect(await findActivePractices(test.app.db, ['IMG-001', 'LAB-001', 'CAR-002', 'XXX-999'])).toEqual([
        { code: 'IMG-001', name: 'Radiografía de tórax frente', category: 'Diagnóstico por imágenes' },
        { code: 'LAB-001', name: 'Hemograma completo', category: 'Laboratorio' },
      ]);
    } finally {
      await test.app.db.update(practices).set({ isActive: true }).where(sql`${practices.code} = 'CAR-002'`);
    }
  });

  it('answers none for no codes', async () => {
    expect(await findActivePractices(test.app.db, [])).toEqual([]);
  });
});

describe('findPractices', () => {
  it('sorts by name, accents and case ignored, when nothing is typed, not by the first column (the code)', async () => {
    const plain = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const names = (await findPractices(test.app.db, [], 5)).map((practice) => practice.name);
    expect(names).toHaveLength(5);
    expect(names).toEqual([...names].sort((first, second) => (plain(first) < plain(second) ? -1 : 1)));
  });
});
