import { messages, type Patient, type UserSession } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const doctor = makeUser({
  roles: ['fds.medical'],
  scope: ['index.patient', 'show.patient', 'create.patient', 'edit.patient', 'destroy.patient', 'create.prescription'],
  termsAndConditions: '2026-01-01T00:00:00Z',
});

function makePatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 'p1', name: 'Ana', lastName: 'Pérez', dni: '30123456', cuil: '27301234568', identityDocument: null, sex: 'F', dateOfBirth: '1985-03-15',
    insurer: { id: 'rnos-400800', slug: 'osde-400800', name: 'Organización de Servicios Directos Empresarios', acronym: 'OSDE', kind: 'obra_social' },
    affiliateNumber: '61 234567 8 01', email: 'ana@example.com', phone: null, address: null, allergies: [],
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const ana = makePatient();
const luis = makePatient({ id: 'p2', name: 'Luis', lastName: 'Gómez', dni: '25111222', cuil: null, insurer: null, affiliateNumber: null });

function pageOf(items: Patient[]) {
  return { items, total: items.length, page: 1, pageSize: 10 };
}

/** The fake list: every patient, or those whose last name or DNI hold `q`. */
function listPatients({ url }: FakeRequest) {
  const q = url.searchParams.get('q')?.toLowerCase();
  const matches = (patient: Patient) => !q || patient.lastName.toLowerCase().includes(q) || patient.dni.includes(q);
  return pageOf([ana, luis].filter(matches));
}

function visit(path: string, apiRoutes: Parameters<typeof stubApi>[0], user: UserSession = doctor) {
  const requests = stubApi(apiRoutes);
  const view = renderRoutes(routes, { path, user });
  return { requests, ...view };
}

describe('my patients', () => {
  it('lists the patients with their coverage and searches them on the server', async () => {
    const { requests } = visit('/myPatients', { 'GET /api/patients': listPatients });
    const table = await screen.findByRole('table', { name: 'Mis pacientes' });

    expect(await within(table).findByRole('link', { name: 'Pérez, Ana' })).toBeTruthy();
    expect(within(table).getByText('OSDE — Organización de Servicios Directos Empresarios')).toBeTruthy();
    expect(within(table).getByText('Particular / sin cobertura')).toBeTruthy();
    expect(within(table).getAllByText('15/03/1985')).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(screen.getByRole('searchbox', { name: 'Buscar por apellido, nombre o DNI' }));
    await user.paste('gómez');

    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Pérez, Ana' })).toBeNull());
    expect(within(table).getByRole('link', { name: 'Gómez, Luis' })).toBeTruthy();
    const searches = requests.filter((request) => request.url.searchParams.has('q'));
    expect(searches.map((request) => request.url.searchParams.get('q'))).toEqual(['gómez']);
    expect(searches[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('sorts on the server by the chosen column', async () => {
    const { requests } = visit('/myPatients', { 'GET /api/patients': listPatients });

    await userEvent.setup().click(await screen.findByRole('button', { name: 'DNI' }));

    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('sort')).toBe('dni'));
    expect(requests.at(-1)?.url.searchParams.get('order')).toBe('asc');
  });

  it('says there are no patients yet, and that a search found none', async () => {
    visit('/myPatients', { 'GET /api/patients': () => pageOf([]) });
    expect(await screen.findByText(messages.patients.empty)).toBeTruthy();

    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Buscar por apellido, nombre o DNI' }), 'xx');
    expect(await screen.findByText(messages.patients.notFound)).toBeTruthy();
  });

  it('deletes the chosen patients after asking, and shows the server message', async () => {
    const { requests } = visit('/myPatients', {
      'GET /api/patients': listPatients,
      'DELETE /api/patients': () => ({ deleted: ['p1'], message: messages.patients.removed }),
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Elegir Pérez, Ana' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar 1 elegido' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText(messages.patients.removed)).toBeTruthy();
    expect(requests.find((request) => request.method === 'DELETE')?.body).toEqual({ ids: ['p1'] });
  });

  it('offers neither new, edit nor delete to a reader', async () => {
    visit('/myPatients', { 'GET /api/patients': listPatients }, makeUser({ ...doctor, scope: ['index.patient', 'show.patient'] }));

    expect(await screen.findByRole('link', { name: 'Pérez, Ana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo paciente' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar a Pérez, Ana' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Elegir Pérez, Ana' })).toBeNull();
  });

  it('opens a patient from the list, with a new prescription for their insurer and the patient chosen', async () => {
    const { router } = visit('/myPatients', { 'GET /api/patients': listPatients, 'GET /api/patients/p1': () => ana });

    await userEvent.setup().click(await screen.findByRole('link', { name: 'Pérez, Ana' }));

    expect(await screen.findByRole('heading', { name: 'Pérez, Ana' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/patients/p1'));
    expect(screen.getByText('27301234568')).toBeTruthy();
    expect(screen.getByText('Femenino')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nueva receta' }).getAttribute('href')).toBe('/prescriptions/osde-400800/new?patientId=p1');
  });

  it('prescribes to a patient without coverage as particular', async () => {
    visit('/patients/p2', { 'GET /api/patients/p2': () => luis });

    const link = await screen.findByRole('link', { name: 'Nueva receta' });
    expect(link.getAttribute('href')).toBe('/prescriptions/particular/new?patientId=p2');
    expect(screen.getByText('Particular / sin cobertura')).toBeTruthy();
    expect(screen.getByText('Sin alergias ni intolerancias registradas.')).toBeTruthy();
  });

  it('shows the patient\'s allergies and intolerances', async () => {
    const allergic = makePatient({ id: 'p4', allergies: [
      { kind: 'allergy', substance: 'Penicilina', fromVademecum: false },
      { kind: 'intolerance', substance: 'Lactosa', fromVademecum: false },
    ] });
    visit('/patients/p4', { 'GET /api/patients/p4': () => allergic });

    const section = (await screen.findByRole('heading', { name: 'Alergias e intolerancias' })).parentElement;
    expect(within(section ?? document.body).getByText('Penicilina (Alergia)')).toBeTruthy();
    expect(within(section ?? document.body).getByText('Lactosa (Intolerancia)')).toBeTruthy();
  });

  it('shows a foreigner without CUIL by the type and number of their document', async () => {
    const foreigner = makePatient({ id: 'p3', cuil: null, identityDocument: { type: 'PASAPORTE', number: 'AAB123456' } });
    visit('/patients/p3', { 'GET /api/patients/p3': () => foreigner });

    expect(await screen.findByText('Pasaporte AAB123456')).toBeTruthy();
    expect(screen.getByText('Documento')).toBeTruthy();
    expect(screen.queryByText('CUIL')).toBeNull();
  });

  it('says when the patient does not exist', async () => {
    visit('/patients/nope', {});
    expect(await screen.findByText(messages.patients.notFound)).toBeTruthy();
  });
});
