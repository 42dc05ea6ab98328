import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  diagnoses,
  diagnosisChapters,
  insurers,
  jurisdictions,
  medications,
  practices,
  professions,
  referenceDatasets,
  specialties,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helper.ts';
import { forgetClinicalSearchIndex } from './clinical-search-index.ts';
import { searchInsurers } from './clinical-search.service.ts';
import { loadReferenceData } from './reference-data.ts';

const test = useTestApp();

const tables = {
  jurisdictions, specialties, professions, diagnosisChapters, diagnoses, insurers, medications, practices,
};

async function countRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await test.app.db.select({ count: sql<number>`count(*)::int` }).from(table);
    counts[name] = row?.count ?? 0;
  }
  return counts;
}

function recordingLogger() {
  const messages: string[] = [];
  return { messages, info: (message: string) => void messages.push(message) };
}

describe('loading the reference data', () => {
  it('loaded every dataset into the template database', async () => {
    expect(await countRows()).toEqual({
      jurisdictions: 25,
      specialties: 172,
      professions: 90,
      diagnosisChapters: 22,
      diagnoses: 14390,
      insurers: 422,
      // ANMAT's 17,429 and the 4,834 of PAMI's presentations that ANMAT lacks.
      medications: 17429 + 4834,
      practices: 229,
    });
  });

  it('skips every dataset when loaded again, and changes nothing', async () => {
    const before = { counts: await countRows(), datasets: await test.app.db.select().from(referenceDatasets) };
    const log = recordingLogger();
    await loadReferenceData(test.app.db, log);
    expect(log.messages).toEqual([expect.stringMatching(/^reference data: 0 of 9 datasets loaded/)]);
    expect(await countRows()).toEqual(before.counts);
    expect(await test.app.db.select().from(referenceDatasets)).toEqual(before.datasets);
  });

  it('reloads a changed dataset and marks the rows it no longer ships inactive', async () => {
    await test.app.db.insert(professions).values({ code: '999', label: 'Profesión retirada' });
    await test.app.db.update(referenceDatasets).set({ contentHash: 'from an older release' })
      .where(eq(referenceDatasets.name, 'professions'));

    const log = recordingLogger();
    await loadReferenceData(test.app.db, log);

    expect(log.messages).toEqual([
      'reference data: professions loaded (90 rows)',
      expect.stringMatching(/^reference data: 1 of 9 datasets loaded/),
    ]);
    const [retired] = await test.app.db.select().from(professions).where(eq(professions.code, '999'));
    expect(retired?.isActive).toBe(false);
    const [doctor] = await test.app.db.select().from(professions).where(eq(professions.code, '35'));
    expect(doctor).toEqual({ code: '35', label: 'Médico', isActive: true });
    const listed = (await test.app.inject({ url: '/api/professions/refeps' })).json<{ payload: { code: string }[] }>();
    expect(listed.payload.map((profession) => profession.code)).not.toContain('999');
  });

  it('derives the compact code, level, category and search text of a diagnosis', async () => {
    const [row] = await test.app.db.select().from(diagnoses).where(eq(diagnoses.code, 'A18.3'));
    expect(row).toMatchObject({
      compactCode: 'A183',
      level: 4,
      category: 'A18',
      chapter: 'I',
      searchText: 'a18.3 a183 tuberculosis de los intestinos, el peritoneo y los ganglios mesentericos',
    });
  });

  it('searches a medication by brand, active ingredients and form', async () => {
    const [row] = await test.app.db.select().from(medications).where(eq(medications.id, 26));
    expect(row).toMatchObject({
      brandName: 'Psicoasten 10 Mg',
      genericName: 'Paroxetina',
      strength: '10 Mg/Comprimido',
      searchText: 'psicoasten 10 mg paroxetina 10 mg/comprimido comprimido recubierto',
    });
  });

  it('loads PAMI\'s presentations that ANMAT lacks, numbered from 900,000,000, with strength, form and pack', async () => {
    const pami = await test.app.db.select().from(medications).where(eq(medications.source, 'pami'));
    expect(pami).toHaveLength(4834);
    expect(pami.every((row) => row.id >= 900_000_000 && row.id < 1_000_000_000 && row.isActive)).toBe(true);
    expect(pami.find((row) => row.brandName === 'Entresto' && row.strength === '100 mg')).toMatchObject({
      genericName: 'Sacubitrilo + Valsartán',
      pharmaceuticalForm: 'Comprimido Recubierto',
      presentation: 'Comprimido Recubierto x 60',
      saleCondition: 'Bajo Receta',
      certificate: '',
    });
    const anmat = await test.app.db.select({ count: sql<number>`count(*)::int` }).from(medications)
      .where(eq(medications.source, 'anmat'));
    expect(anmat[0]?.count).toBe(17429);
  });

  it('takes a PAMI medicine\'s condition of sale from ANMAT\'s same active ingredient: clonazepam stays archived', async () => {
    const clonazepam = await test.app.db.select({ saleCondition: medications.saleCondition }).from(medications)
      .where(sql`${medications.source} = 'pami' and ${medications.genericName} = 'Clonazepam'`);
    expect(clonazepam.length).toBeGreaterThan(0);
    expect(new Set(clonazepam.map((row) => row.saleCondition))).toEqual(new Set(['Bajo Receta Archivada (Psicotropicos Lista Iv)']));
  });

  it('skips PAMI\'s test strips, insulin needles and accessories', async () => {
    const [row] = await test.app.db.select({ count: sql<number>`count(*)::int` }).from(medications)
      .where(sql`${medications.source} = 'pami' and (${medications.searchText} like '%tiras reactivas%'
        or ${medications.searchText} like '%accesorio%' or ${medications.searchText} like '%aplic.insulina%')`);
    expect(row?.count).toBe(0);
  });

  it('keeps every medication\'s id when the datasets load again, and only the reloaded source\'s rows change', async () => {
    const idsOf = async () => (await test.app.db.select({ id: medications.id, key: sql<string>`${medications.brandName} || '|' || ${medications.presentation} || '|' || coalesce(${medications.strength}, '')` })
      .from(medications).where(eq(medications.source, 'pami'))).sort((a, b) => a.id - b.id);
    const before = await idsOf();
    // PAMI's list alone: both sources fill one table, and the load of one must leave the other's
    // 17,429 rows active.
    await test.app.db.update(referenceDatasets).set({ contentHash: 'from an older release' })
      .where(eq(referenceDatasets.name, 'pami-medications'));
    const log = recordingLogger();
    await loadReferenceData(test.app.db, log);
    expect(log.messages).toEqual([
      'reference data: pami-medications loaded (4834 rows)',
      expect.stringMatching(/^reference data: 1 of 9 datasets loaded/),
    ]);
    expect(await idsOf()).toEqual(before);
    const [active] = await test.app.db.select({ count: sql<number>`count(*)::int` }).from(medications)
      .where(eq(medications.isActive, true));
    expect(active?.count).toBe(17429 + 4834);
  });

  it('answers the searches from the rows a reload leaves active', async () => {
    const pamiFirst = async () => (await searchInsurers(test.app.db, { q: 'pami', limit: 20 })).payload[0]?.id === 'rnos-500807';
    await test.app.db.update(insurers).set({ isActive: false }).where(eq(insurers.id, 'rnos-500807'));
    forgetClinicalSearchIndex(test.app.db);
    expect(await pamiFirst()).toBe(false);

    await test.app.db.update(referenceDatasets).set({ contentHash: 'from an older release' })
      .where(eq(referenceDatasets.name, 'insurers'));
    await loadReferenceData(test.app.db, recordingLogger());
    expect(await pamiFirst()).toBe(true);
  });

  it('leaves out the ICD-10 "Uso emergente" placeholders but keeps U07 for the COVID-19 codes', async () => {
    const codes = (await test.app.db.select({ code: diagnoses.code }).from(diagnoses)
      .where(sql`${diagnoses.code} like 'U0%'`)).map((row) => row.code);
    expect(codes.sort()).toEqual(['U04', 'U04.9', 'U07', 'U07.1', 'U07.2']);
  });

  it('offers the "Particular / sin cobertura" insurer next to the registries', async () => {
    const rows = await test.app.db.select({ slug: insurers.slug, kind: insurers.kind }).from(insurers)
      .where(sql`${insurers.slug} in ('particular', 'pami-500807', 'ioma-902001', 'osde-400800')`);
    expect(rows.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { slug: 'ioma-902001', kind: 'obra_social_provincial' },
      { slug: 'osde-400800', kind: 'obra_social' },
      { slug: 'pami-500807', kind: 'obra_social' },
      { slug: 'particular', kind: 'particular' },
    ]);
  });

  it('loads the practice catalogue with one well-formed code per practice and a searchable text', async () => {
    const rows = await test.app.db.select().from(practices);
    expect(rows.every((row) => /^[A-Z]{3}-\d{3}$/.test(row.code) && row.isActive)).toBe(true);
    expect(new Set(rows.map((row) => row.code)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    // A category's practices share its prefix, so that a code tells what kind of practice it is.
    const categoryPrefixes = new Set(rows.map((row) => `${row.category}|${row.code.slice(0, 3)}`));
    const categories = new Set(rows.map((row) => row.category));
    const prefixes = new Set(rows.map((row) => row.code.slice(0, 3)));
    expect(categoryPrefixes.size).toBe(categories.size);
    expect(prefixes.size).toBe(categories.size);
    expect(rows.find((row) => row.code === 'LAB-001')).toMatchObject({
      name: 'Hemograma completo',
      category: 'Laboratorio',
      searchText: 'lab-001 hemograma completo laboratorio',
      nameSearch: 'hemograma completo',
    });
  });
});
