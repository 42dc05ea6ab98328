import { messages, type Diagnosis, type InsurerSummary, type Medication, type Practice } from '@receta/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles } from '../../../test/factories/administrators.ts';
import { useTestApp } from '../../../test/helper.ts';
import { insurers, medications, practices } from '../../db/schema/index.ts';
import { forgetClinicalSearchIndex } from './clinical-search-index.ts';

const test = useTestApp();
let doctor: Record<string, string>;

beforeAll(async () => {
  doctor = (await signedInWithRoles(test.app, ['fds.medical'])).headers;
});

async function search<Item>(resource: string, query: string, headers = doctor) {
  const response = await test.app.inject({ url: `/api/${resource}?${query}`, headers });
  return { response, items: response.statusCode === 200 ? response.json<{ payload: Item[] }>().payload : [] };
}

describe('GET /api/medications', () => {
  it('finds presentations by generic name without minding accents or case, with presentation, form and laboratory', async () => {
    const { response, items } = await search<Medication>('medications', 'q=ACIDO%20FOLICO&limit=50');
    expect(response.statusCode).toBe(200);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(`${item.brandName} ${item.genericName} ${item.strength}`.normalize('NFD').replace(/\p{Mn}/gu, ''))
        .toMatch(/acido/i);
      expect(item.presentation).not.toBe('');
      expect(item.laboratory).not.toBe('');
      expect(item.pharmaceuticalForm).not.toBeNull();
    }
  });

  it('finds a presentation by brand and puts the names that start with the search first', async () => {
    const { items } = await search<Medication>('medications', 'q=psicoasten');
    expect(items.map((item) => item.id)).toContain(26);
    expect(items[0]?.brandName).toMatch(/^Psicoasten/);

    const { items: byGeneric } = await search<Medication>('medications', 'q=paroxetina&limit=50');
    const isNamedSo = (item: Medication) => /^paroxetina/i.test(item.brandName) || /^paroxetina/i.test(item.genericName ?? '');
    const firstOthers = byGeneric.findIndex((item) => !isNamedSo(item));
    if (firstOthers >= 0) expect(byGeneric.slice(firstOthers).every((item) => !isNamedSo(item))).toBe(true);
    expect(byGeneric.slice(0, 3).every(isNamedSo)).toBe(true);
  });

  it('needs every word and answers at most limit presentations', async () => {
    const { items } = await search<Medication>('medications', 'q=paroxetina%2020&limit=3');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(3);
    for (const item of items) expect(`${item.brandName} ${item.strength}`).toMatch(/20/);
  });

  it('finds by the start of a word while the search has only two characters', async () => {
    const { items } = await search<Medication>('medications', 'q=ib&limit=50');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(`${item.brandName} ${item.genericName} ${item.strength} ${item.pharmaceuticalForm}`).toMatch(/(^|\s)ib/i);
    }
  });

  it('leaves out presentations no longer in the vademecum', async () => {
    // A release's data marks them inactive, and the searches read the rows again after loading it.
    await test.app.db.update(medications).set({ isActive: false }).where(sql`${medications.id} = 26`);
    forgetClinicalSearchIndex(test.app.db);
    const { items } = await search<Medication>('medications', 'q=psicoasten');
    expect(items.map((item) => item.id)).not.toContain(26);
    await test.app.db.update(medications).set({ isActive: true }).where(sql`${medications.id} = 26`);
    forgetClinicalSearchIndex(test.app.db);
  });

  it('lists the generic name and strength typed first, tablets and capsules before syrups and hospital packs', async () => {
    const { items } = await search<Medication>('medications', 'q=amoxicilina%20500&limit=50');
    expect(items.length).toBe(50);
    const isTabletOf500 = (item: Medication) => item.genericName === 'Amoxicilina'
      && /^500 mg(\/comprimido|\/capsula)?$/i.test(item.strength ?? '')
      && /^(comprimido|c[aá]psula)/i.test(item.pharmaceuticalForm ?? '')
      && !/^0*([2-9]|[1-9]\d+) /.test(item.presentation);
    expect(items.slice(0, 10).every(isTabletOf500)).toBe(true);
    const firstOther = items.findIndex((item) => !isTabletOf500(item));
    expect(items.slice(firstOther).some(isTabletOf500)).toBe(false);
    const firstSyrup = items.findIndex((item) => /suspensi|jarabe/i.test(item.pharmaceuticalForm ?? ''));
    if (firstSyrup >= 0) expect(firstSyrup).toBeGreaterThanOrEqual(firstOther);
  });

  it.each([['semaglutida', /semaglutida/i], ['sacubitril', /sacubitril/i], ['empagliflozina', /empagliflozina/i]])(
    'finds the medicines of PAMI\'s current list that ANMAT 2015 lacks: %j', async (q, generic) => {
      const { items } = await search<Medication>('medications', `q=${q}`);
      expect(items.length).toBeGreaterThan(0);
      expect(items[0]?.genericName).toMatch(generic);
      expect(items[0]?.saleCondition).toBe('Bajo Receta');
      expect(items[0]?.id).toBeGreaterThanOrEqual(900_000_000);
    });

  it('takes % and _ literally', async () => {
    const { response, items } = await search<Medication>('medications', 'q=%25%25');
    expect(response.statusCode).toBe(200);
    expect(items).toEqual([]);
  });
});

describe('GET /api/diagnoses', () => {
  it.each(['J45', 'j45', 'J45.0', 'j450'])('finds the code typed as %j first', async (code) => {
    const { items } = await search<Diagnosis>('diagnoses', `q=${code}`);
    const expected = code.length === 3 ? 'J45' : 'J45.0';
    expect(items[0]?.code).toBe(expected);
    expect(items[0]?.description).toMatch(/asma/i);
  });

  it('lists the subcategories of a category by code after the category', async () => {
    const { items } = await search<Diagnosis>('diagnoses', 'q=J45');
    expect(items.map((item) => item.code).slice(0, 4)).toEqual(['J45', 'J45.0', 'J45.1', 'J45.8']);
  });

  it('finds a diagnosis by words of its description, in any order and without accents', async () => {
    const { items } = await search<Diagnosis>('diagnoses', 'q=intestinos%20TUBERCULOSIS');
    expect(items).toContainEqual({
      code: 'A18.3', description: 'Tuberculosis de los intestinos, el peritoneo y los ganglios mesentéricos',
    });
    const { items: accentFree } = await search<Diagnosis>('diagnoses', 'q=mesentericos');
    expect(accentFree.map((item) => item.code)).toContain('A18.3');
  });
});

describe('GET /api/practices', () => {
  it('finds a practice by its name and answers its code and category', async () => {
    const { response, items } = await search<Practice>('practices', 'q=hemograma');
    expect(response.statusCode).toBe(200);
    expect(items[0]).toEqual({ code: 'LAB-001', name: 'Hemograma completo', category: 'Laboratorio' });
  });

  it('puts the names that start with the search before those that only contain it', async () => {
    const { items } = await search<Practice>('practices', 'q=vitamina');
    expect(items.map((item) => item.name)).toEqual(['Vitamina B12', '25-hidroxivitamina D']);
  });

  it('finds a practice by words of its name in any order, without minding accents or case', async () => {
    for (const q of ['RESONANCIA%20rodilla', 'rodilla%20resonancia%20magnetica', 'Resonancia%20Magn%C3%A9tica%20rodilla']) {
      const { items } = await search<Practice>('practices', `q=${q}`);
      expect(items.map((item) => item.name)).toEqual(['Resonancia magnética de rodilla']);
    }
    const { items } = await search<Practice>('practices', 'q=ecografia%20tiroidea');
    expect(items).toEqual([{ code: 'IMG-024', name: 'Ecografía tiroidea', category: 'Diagnóstico por imágenes' }]);
  });

  it.each(['LAB-001', 'lab-001'])('finds a practice by its code %j', async (q) => {
    const { items } = await search<Practice>('practices', `q=${q}`);
    expect(items).toEqual([{ code: 'LAB-001', name: 'Hemograma completo', category: 'Laboratorio' }]);
  });

  it('finds the practices of a category by its name, by name', async () => {
    const { items } = await search<Practice>('practices', 'q=kinesiologia');
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((item) => item.category === 'Kinesiología y fisiatría' && item.code.startsWith('KIN-'))).toBe(true);
    const names = items.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it('answers at most limit practices', async () => {
    const { items } = await search<Practice>('practices', 'q=laboratorio&limit=5');
    expect(items).toHaveLength(5);
  });

  it('leaves out practices no longer in the catalogue', async () => {
    await test.app.db.update(practices).set({ isActive: false }).where(sql`${practices.code} = 'LAB-001'`);
    const { items } = await search<Practice>('practices', 'q=hemograma');
    expect(items).toEqual([]);
    await test.app.db.update(practices).set({ isActive: true }).where(sql`${practices.code} = 'LAB-001'`);
  });
});

describe('GET /api/insurers', () => {
  it.each([['pami', 'pami-500807'], ['IOMA', 'ioma-902001']])('puts the insurer whose acronym is %j first', async (q, slug) => {
    const { items } = await search<InsurerSummary>('insurers', `q=${q}`);
    expect(items[0]?.slug).toBe(slug);
  });

  it('puts the insurer with the acronym OSDE before the others that contain it, once', async () => {
    const { items } = await search<InsurerSummary>('insurers', 'q=osde');
    expect(items[0]).toMatchObject({ id: 'rnos-400800', acronym: 'OSDE' });
    expect(items.filter((item) => item.acronym === 'OSDE')).toHaveLength(1);
    expect(items.map((item) => item.acronym)).toEqual(expect.arrayContaining(['OSDEL', 'OSDEPYM']));
  });

  // The registries list a company as an obra social and as a prepaga, or twice: one entry each.
  it.each(['swiss medical', 'galeno', 'medife', 'sancor', 'tecnicos de vuelo', 'italiana de beneficencia'])(
    'shows one entry per insurer for %j', async (q) => {
      const { items } = await search<InsurerSummary>('insurers', `q=${encodeURIComponent(q)}&limit=50`);
      expect(items.length).toBeGreaterThan(0);
      const names = items.map((item) => item.name.toLowerCase().replace(/\b(s\.?a\.?|asociaci[oó]n civil)\b|[.]/g, '').trim());
      expect(new Set(names).size).toBe(names.length);
    });

  it('finds insurers by words of the name, by name', async () => {
    const { items } = await search<InsurerSummary>('insurers', 'q=jubilados%20pensionados');
    expect(items).toContainEqual({
      id: 'rnos-500807',
      slug: 'pami-500807',
      name: 'INSTITUTO NACIONAL DE SERVICIOS SOCIALES PARA JUBILADOS Y PENSIONADOS',
      acronym: 'PAMI',
      kind: 'obra_social',
    });
  });
});

describe('GET /api/insurers/:slug', () => {
  it('answers the insurer of a slug, "particular" included', async () => {
    const response = await test.app.inject({ url: '/api/insurers/particular', headers: doctor });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 'particular', slug: 'particular', name: 'Particular / sin cobertura', acronym: null, kind: 'particular',
    });
  });

  it('answers 404 with the spec\'s message for an unknown or retired insurer', async () => {
    const unknown = await test.app.inject({ url: '/api/insurers/no-existe-1', headers: doctor });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'No existe la obra social seleccionada!' });

    await test.app.db.update(insurers).set({ isActive: false }).where(sql`${insurers.slug} = 'famyl-110053'`);
    const retired = await test.app.inject({ url: '/api/insurers/famyl-110053', headers: doctor });
    expect(retired.statusCode).toBe(404);
    await test.app.db.update(insurers).set({ isActive: true }).where(sql`${insurers.slug} = 'famyl-110053'`);
  });
});

describe('the searches', () => {
  it.each(['medications', 'diagnoses', 'practices', 'insurers'])('refuse a query of fewer than 2 characters on /api/%s', async (resource) => {
    for (const query of ['q=a', 'q=%20%20', '']) {
      const { response } = await search(resource, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: messages.search.queryTooShort, fields: [{ field: 'querystring.q', message: messages.search.queryTooShort }],
      });
    }
  });

  it('refuse a limit above 50', async () => {
    const { response } = await search('medications', 'q=amoxicilina&limit=51');
    expect(response.statusCode).toBe(400);
  });

  it('need a signed-in user who prescribes or keeps patients', async () => {
    expect((await test.app.inject({ url: '/api/medications?q=amoxicilina' })).statusCode).toBe(401);
    expect((await test.app.inject({ url: '/api/practices?q=hemograma' })).statusCode).toBe(401);
    const pharmacy = (await signedInWithRoles(test.app, ['pharmacy'])).headers;
    expect((await search('medications', 'q=amoxicilina', pharmacy)).response.statusCode).toBe(403);
    expect((await search('practices', 'q=hemograma', pharmacy)).response.statusCode).toBe(403);
    const provider = (await signedInWithRoles(test.app, ['fds.provider'])).headers;
    expect((await search('insurers', 'q=pami', provider)).response.statusCode).toBe(200);
  });
});
