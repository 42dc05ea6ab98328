import { messages, type Favourite, type RepeatedPrescription } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { doctor, makePatient, makePrescription, osde, particular, salbutamol } from '../../test/prescription-fixtures.ts';

const osdePatient = makePatient({ insurer: osde, affiliateNumber: '61 234567 8 01' });
const created = makePrescription({ state: 'draft', displayState: 'draft', signed: false, signedAt: null });

const salbutamolLine = {
  medicationId: salbutamol.id, genericName: 'Salbutamol', brandName: 'Ventolin', strength: '100 mcg',
  pharmaceuticalForm: 'Aerosol', presentation: 'aerosol x 200 dosis', quantity: 2, dosage: '2 disparos cada 8 horas',
  patientInstructions: null, pharmacyNote: null, noSubstitution: false, subtype: 'prescription' as const,
};
const favourites: Favourite[] = [
  { id: 'f1', kind: 'item', prescriptionKind: 'medication', name: 'Salbutamol de rescate', items: [salbutamolLine], createdAt: '2026-03-01T10:00:00Z' },
  {
    id: 'f2', kind: 'prescription', prescriptionKind: 'medication', name: 'Asma completa',
    items: [salbutamolLine, { ...salbutamolLine, medicationId: null, genericName: 'Budesonida' }, { ...salbutamolLine, genericName: 'Montelukast' }],
    createdAt: '2026-02-01T10:00:00Z',
  },
];

function formRoutes() {
  return {
    'GET /api/insurers/particular': () => particular,
    'GET /api/insurers/osde-400800': () => osde,
    'GET /api/patients': () => ({ items: [osdePatient], total: 1, page: 1, pageSize: 10 }),
    [`GET /api/patients/${osdePatient.id}`]: () => osdePatient,
    'GET /api/favourites': () => ({ items: favourites }),
    'POST /api/prescriptions/duplicates': () => ({ duplicates: [], allergies: [] }),
    'POST /api/prescriptions': () => new Response(
      JSON.stringify({ message: messages.prescriptions.created, prescriptions: [created] }),
      { status: 201, headers: { 'Content-Type': 'application/json' } },
    ),
    [`GET /api/prescriptions/${created.id}`]: () => created,
  };
}

const posts = (requests: FakeRequest[], path: string) => requests.filter((request) => request.method === 'POST' && request.path === path);

describe('favourites on the prescription form', () => {
  it('adds a saved line in one click into the empty line, and refuses a saved prescription that would pass 3 lines', async () => {
    stubApi(formRoutes());
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/prescriptions/osde-400800/new?patientId=${osdePatient.id}`, user: doctor });

    await user.click(await screen.findByRole('button', { name: 'Favoritos' }));
    const menu = await screen.findByRole('dialog', { name: 'Sus favoritos' });
    await user.click(await within(menu).findByRole('button', { name: /^Salbutamol de rescate/ }));

    expect(screen.getByRole('combobox', { name: /^Medicamento/ })).toHaveProperty('value', 'Salbutamol');
    expect(screen.getByRole('textbox', { name: /^Posología/ })).toHaveProperty('value', '2 disparos cada 8 horas');
    expect(screen.getAllByRole('group')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Favoritos' }));
    const again = await screen.findByRole('dialog', { name: 'Sus favoritos' });
    const whole = within(again).getByRole('button', { name: /^Asma completa/ });
    expect(whole.getAttribute('aria-disabled')).toBe('true');
    expect(within(again).getByText('No entra en esta receta: admite hasta 3 medicamentos.')).toBeTruthy();
  });

  it('saves a line as a favourite, named after its medicine', async () => {
    const requests = stubApi({
      ...formRoutes(),
      'POST /api/favourites': () => new Response(
        JSON.stringify({ message: messages.favourites.saved, favourite: favourites[0] }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/prescriptions/osde-400800/new?patientId=${osdePatient.id}`, user: doctor });
    await user.click(await screen.findByRole('button', { name: 'Favoritos' }));
    await user.click(await within(await screen.findByRole('dialog', { name: 'Sus favoritos' })).findByRole('button', { name: /^Salbutamol de rescate/ }));

    await user.click(screen.getByRole('button', { name: 'Guardar como favorito' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar el medicamento como favorito' });
    expect(within(dialog).getByRole('textbox', { name: /^Nombre del favorito/ })).toHaveProperty('value', 'Salbutamol 100 mcg');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(posts(requests, '/api/favourites')).toHaveLength(1));
    expect(posts(requests, '/api/favourites')[0]?.body).toMatchObject({
      kind: 'item', name: 'Salbutamol 100 mcg', items: [{ medicationId: 7, genericName: 'Salbutamol', quantity: 2 }],
    });
    expect(await screen.findByText(messages.favourites.saved)).toBeTruthy();
  });
});

describe('the coverage follows the patient', () => {
  it('puts the prescription under the chosen patient’s insurer and affiliate number, and says when it is Particular', async () => {
    stubApi(formRoutes());
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/prescriptions/particular/new', user: doctor });

    expect(await screen.findByText('Se emitirá como Particular (sin cobertura).')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /^Paciente/ }));
    await user.paste('Pérez');
    await user.click(await screen.findByRole('option', { name: /^Pérez, Ana/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/prescriptions/osde-400800/new'));
    expect(screen.getByRole('textbox', { name: /afiliado/ })).toHaveProperty('value', '61 234567 8 01');
    await waitFor(() => expect(screen.queryByText('Se emitirá como Particular (sin cobertura).')).toBeNull());
  });
});

describe('Repetir', () => {
  const repeated: RepeatedPrescription = {
    repeatedFrom: 'old-1', patientId: osdePatient.id, insurerSlug: 'osde-400800', affiliateNumber: '61 234567 8 01',
    diagnosis: { code: 'J45.0', description: 'Asma predominantemente alérgica' }, symptoms: 'Disnea nocturna',
    type: 'classic', kind: 'medication', items: [salbutamolLine],
  };

  it('opens the form filled from the past prescription under the patient’s current insurer, dates from today, and keeps the duplicate check', async () => {
    const requests = stubApi({ ...formRoutes(), 'GET /api/prescriptions/old-1/repeat': () => repeated });
    const user = userEvent.setup();
    // The past prescription was Particular; the patient is now with OSDE.
    const { router } = renderRoutes(routes, { path: '/prescriptions/particular/new?repeat=old-1', user: doctor });

    await waitFor(() => expect(router.state.location.pathname).toBe('/prescriptions/osde-400800/new'));
    expect(await screen.findByRole('combobox', { name: /^Medicamento/ })).toHaveProperty('value', 'Salbutamol');
    expect(screen.getByRole('combobox', { name: /^Paciente/ })).toHaveProperty('value', 'Pérez, Ana — DNI 30123456');
    expect(screen.getByRole('combobox', { name: /^Diagnóstico/ })).toHaveProperty('value', 'J45.0 — Asma predominantemente alérgica');
    await user.click(screen.getByRole('button', { name: 'Emitir' }));

    await waitFor(() => expect(posts(requests, '/api/prescriptions')).toHaveLength(1));
    expect(posts(requests, '/api/prescriptions/duplicates')).toHaveLength(1);
    expect(posts(requests, '/api/prescriptions')[0]?.body).toMatchObject({
      patientId: osdePatient.id, insurerSlug: 'osde-400800', affiliateNumber: '61 234567 8 01', diagnosisCode: 'J45.0',
      type: 'classic', items: [{ genericName: 'Salbutamol', quantity: 2 }],
    });
  });

  it('is offered on each prescription of the patient’s page', async () => {
    const past = makePrescription();
    stubApi({
      [`GET /api/patients/${osdePatient.id}`]: () => osdePatient,
      'GET /api/prescriptions': ({ url }: FakeRequest) => {
        expect(url.searchParams.get('patientId')).toBe(osdePatient.id);
        return { items: [past], total: 1, page: 1, pageSize: 10 };
      },
    });
    renderRoutes(routes, { path: `/patients/${osdePatient.id}`, user: doctor });

    const table = await screen.findByRole('table', { name: 'Prescripciones del paciente' });
    expect(await within(table).findByText('1024')).toBeTruthy();
    expect(within(table).getByText('J45.0')).toBeTruthy();
    const repeat = within(table).getByRole('link', { name: 'Repetir la receta 1024' });
    expect(repeat.getAttribute('href')).toBe(`/prescriptions/osde-400800/new?repeat=${past.id}`);
  });
});
