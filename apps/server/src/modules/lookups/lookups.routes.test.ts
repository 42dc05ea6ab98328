import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';

const test = useTestApp();

async function versionOf(packageJson: URL): Promise<string> {
  return (JSON.parse(await readFile(packageJson, 'utf8')) as { version: string }).version;
}

describe('GET /api/specialty', () => {
  it('lists {id, name} of the recognised specialties, by name in Spanish order', async () => {
    const response = await test.app.inject({ url: '/api/specialty' });
    expect(response.statusCode).toBe(200);
    const { payload } = response.json<{ payload: { id: number; name: string }[] }>();
    expect(payload).toContainEqual({ id: 4, name: 'Cardiología' });
    expect(payload).toContainEqual({ id: 1, name: 'Clínica Médica' });
    for (const specialty of payload) expect(Object.keys(specialty).sort()).toEqual(['id', 'name']);
    const names = payload.map((specialty) => specialty.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare));
  });

  it('leaves out residency programmes', async () => {
    const { payload } = (await test.app.inject({ url: '/api/specialty' })).json<{ payload: { name: string }[] }>();
    expect(payload.filter((specialty) => specialty.name.includes('(R)'))).toEqual([]);
    expect(payload).toHaveLength(110);
  });
});

describe('GET /api/jurisdictions', () => {
  it('lists the 24 provinces as spec section 9 names them, in its order, then the national jurisdiction', async () => {
    const response = await test.app.inject({ url: '/api/jurisdictions' });
    expect(response.statusCode).toBe(200);
    const { payload } = response.json<{ payload: { code: string; name: string }[] }>();
    expect(payload.map((jurisdiction) => jurisdiction.name)).toEqual([
      'Provincia de Buenos Aires', 'CABA', 'Catamarca', 'Chaco', 'Chubut', 'Córdoba', 'Corrientes', 'Entre Ríos',
      'Formosa', 'Jujuy', 'La Pampa', 'La Rioja', 'Mendoza', 'Misiones', 'Neuquén', 'Río Negro', 'Salta',
      'San Juan', 'San Luis', 'Santa Cruz', 'Santa Fe', 'Santiago del Estero', 'Tierra del Fuego', 'Tucumán',
      'Nacional (Ministerio de Salud de la Nación)',
    ]);
    expect(payload[0]).toEqual({ code: 'BUE', name: 'Provincia de Buenos Aires' });
    expect(payload.at(-1)).toEqual({ code: 'MN', name: 'Nacional (Ministerio de Salud de la Nación)' });
  });
});

describe('GET /api/professions/refeps', () => {
  it('lists {code, label} of the health professions only', async () => {
    const response = await test.app.inject({ url: '/api/professions/refeps' });
    expect(response.statusCode).toBe(200);
    const { payload } = response.json<{ payload: { code: string; label: string }[] }>();
    expect(payload).toContainEqual({ code: '35', label: 'Médico' });
    expect(payload).toContainEqual({ code: '36', label: 'Odontólogo' });
    const labels = payload.map((profession) => profession.label);
    expect(labels).not.toContain('Abogado');
    expect(labels).not.toContain('Contador');
    expect(labels).not.toContain('Médico veterinario');
  });
});

describe('GET /api/information', () => {
  it('answers the versions of both apps and the date of the newest vademécum source (PAMI, beside ANMAT 2015)', async () => {
    const response = await test.app.inject({ url: '/api/information' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      backend: await versionOf(new URL('../../../package.json', import.meta.url)),
      frontend: await versionOf(new URL('../../../../web/package.json', import.meta.url)),
      vademecum: '03/08/2026',
    });
  });
});
