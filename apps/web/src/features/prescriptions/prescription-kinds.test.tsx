import { messages, type Practice, type Prescription, type RepeatedPrescription } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { asthma, doctor, makePatient, makePrescription, osde, particular, salbutamol } from '../../test/prescription-fixtures.ts';

const patient = makePatient();
const bloodCount: Practice = { code: '660475', name: 'Hemograma completo', category: 'Laboratorio' };
const saved = makePrescription({ state: 'draft', displayState: 'draft', signed: false, signedAt: null });

function formRoutes() {
  return {
    'GET /api/insurers/particular': () => particular,
    'GET /api/insurers/osde-400800': () => osde,
    [`GET /api/patients/${patient.id}`]: () => patient,
    'GET /api/favourites': () => ({ items: [] }),
    'GET /api/medications': () => ({ payload: [salbutamol] }),
    'GET /api/practices': () => ({ payload: [bloodCount] }),
    'GET /api/diagnoses': () => ({ payload: [asthma] }),
    'POST /api/prescriptions/duplicates': () => ({ duplicates: [], allergies: [] }),
    'POST /api/prescriptions': () => new Response(
      JSON.stringify({ message: messages.prescriptions.created, prescriptions: [saved] }),
      { status: 201, headers: { 'Content-Type': 'application/json' } },
    ),
    [`GET /api/prescriptions/${saved.id}`]: () => saved,
  };
}

const requestsTo = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

function renderNewForm() {
  return renderRoutes(routes, { path: `/prescriptions/particular/new?patientId=${patient.id}`, user: doctor });
}

/** Types by pasting: a keystroke at a time makes these tests slow and tells nothing more. */
async function write(user: UserEvent, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

async function chooseAsthma(user: UserEvent) {
  await write(user, screen.getByRole('combobox', { name: /^Diagnóstico/ }), 'asma');
  await user.click(await screen.findByRole('option', { name: 'J45.0 — Asma predominantemente alérgica' }));
}

describe('the kind of a new prescription', () => {
  it('starts the lines again as devices, without Receta Crónica, favourites or the warnings check, valid 60 days', async () => {
    const requests = stubApi(formRoutes());
    const user = userEvent.setup();
    renderNewForm();

    const kinds = await screen.findByRole('radiogroup', { name: 'Clase de receta' });
    expect(within(kinds).getByRole('radio', { name: 'Medicamentos' })).toHaveProperty('checked', true);
    await write(user, screen.getByRole('combobox', { name: /^Medicamento/ }), 'Salbutamol');
    expect(screen.getByRole('radio', { name: 'Receta Crónica' })).toBeTruthy();
    expect(screen.getByText(/durante 30 días/)).toBeTruthy();

    await user.click(within(kinds).getByRole('radio', { name: 'Dispositivos médicos e insumos' }));

    expect(screen.queryByRole('combobox', { name: /^Medicamento/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Receta Crónica' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Favoritos' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar como favorito' })).toBeNull();
    expect(screen.getByText(/durante 60 días/)).toBeTruthy();
    const device = screen.getByRole('textbox', { name: /^Dispositivo o insumo/ });
    expect(device).toHaveProperty('value', '');
    expect(screen.getAllByRole('group')).toHaveLength(1);
    await write(user, device, 'Lentes aéreos monofocales');
    const quantity = screen.getByRole('textbox', { name: /^Cantidad/ });
    await user.clear(quantity);
    await write(user, quantity, '2');
    await write(user, screen.getByRole('textbox', { name: /^Indicaciones/ }), 'OD -1,50 OI -1,75');
    await chooseAsthma(user);
    await user.click(screen.getByRole('button', { name: 'Emitir' }));

    await waitFor(() => expect(requestsTo(requests, 'POST', '/api/prescriptions')).toHaveLength(1));
    expect(requestsTo(requests, 'POST', '/api/prescriptions')[0]?.body).toMatchObject({
      kind: 'device',
      type: 'classic',
      items: [{
        medicationId: null, practiceCode: null, genericName: 'Lentes aéreos monofocales', presentation: null,
        quantity: 2, dosage: 'OD -1,50 OI -1,75',
      }],
    });
    expect(requestsTo(requests, 'POST', '/api/prescriptions/duplicates')).toHaveLength(0);
  });

  it('allows ten lines of devices, of 50 units at most each', async () => {
    stubApi(formRoutes());
    const user = userEvent.setup();
    renderNewForm();

    await user.click(await screen.findByRole('radio', { name: 'Dispositivos médicos e insumos' }));
    for (let added = 1; added < 10; added += 1) await user.click(screen.getByRole('button', { name: 'Agregar un dispositivo o insumo' }));
    expect(screen.getAllByRole('group')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Agregar un dispositivo o insumo' })).toBeNull();

    const [quantity] = screen.getAllByRole('textbox', { name: /^Cantidad/ });
    await user.clear(quantity!);
    await write(user, quantity!, '51');
    await user.click(screen.getByRole('button', { name: 'Emitir' }));
    expect(await screen.findByText(messages.prescriptions.quantityInvalidOther)).toBeTruthy();
  });
});

describe('the lines of studies and practices', () => {
  it('keep the catalogue code of a practice chosen from it, and none for one written by hand', async () => {
    const requests = stubApi(formRoutes());
    const user = userEvent.setup();
    renderNewForm();

    await user.click(await screen.findByRole('radio', { name: 'Estudios, prácticas y procedimientos' }));
    await write(user, screen.getByRole('combobox', { name: /^Estudio, práctica o procedimiento/ }), 'hemo');
    const option = await screen.findByRole('option', { name: /^Hemograma completo/ });
    expect(within(option).getByText('660475 · Laboratorio')).toBeTruthy();
    await user.click(option);
    expect(screen.getByText('Código del catálogo: 660475')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Agregar un estudio o práctica' }));
    const [, second] = screen.getAllByRole('combobox', { name: /^Estudio, práctica o procedimiento/ });
    await write(user, second!, 'Kinesiología motora');
    const [, sessions] = screen.getAllByRole('textbox', { name: /^Cantidad o sesiones/ });
    await user.clear(sessions!);
    await write(user, sessions!, '10');
    await chooseAsthma(user);
    await user.click(screen.getByRole('button', { name: 'Emitir' }));

    await waitFor(() => expect(requestsTo(requests, 'POST', '/api/prescriptions')).toHaveLength(1));
    expect(requestsTo(requests, 'POST', '/api/prescriptions')[0]?.body).toMatchObject({
      kind: 'practice',
      items: [
        { practiceCode: '660475', genericName: 'Hemograma completo', quantity: 1 },
        { practiceCode: null, genericName: 'Kinesiología motora', quantity: 10 },
      ],
    });
  });

  it('forget the code once the doctor rewrites the name', async () => {
    const requests = stubApi(formRoutes());
    const user = userEvent.setup();
    renderNewForm();

    await user.click(await screen.findByRole('radio', { name: 'Estudios, prácticas y procedimientos' }));
    const box = screen.getByRole('combobox', { name: /^Estudio, práctica o procedimiento/ });
    await write(user, box, 'hemo');
    await user.click(await screen.findByRole('option', { name: /^Hemograma completo/ }));
    await user.type(box, ' con plaquetas');
    expect(screen.queryByText('Código del catálogo: 660475')).toBeNull();
    await chooseAsthma(user);
    await user.click(screen.getByRole('button', { name: 'Emitir' }));

    await waitFor(() => expect(requestsTo(requests, 'POST', '/api/prescriptions')).toHaveLength(1));
    expect(requestsTo(requests, 'POST', '/api/prescriptions')[0]?.body)
      .toMatchObject({ items: [{ practiceCode: null, genericName: 'Hemograma completo con plaquetas' }] });
  });
});

describe('a draft of studies and practices', () => {
  const draft: Prescription = makePrescription({
    state: 'draft', displayState: 'draft', signed: false, signedAt: null, kind: 'practice',
    items: [{
      ...makePrescription().items[0]!, medicationId: null, practiceCode: bloodCount.code, genericName: bloodCount.name,
      brandName: null, strength: null, pharmaceuticalForm: null, presentation: null, quantity: 1, dosage: 'En ayunas', subtype: null,
    }],
  });

  it('shows its kind, fixed, and saves it with its lines’ codes', async () => {
    const requests = stubApi({
      ...formRoutes(),
      [`GET /api/prescriptions/${draft.id}`]: () => draft,
      [`PUT /api/prescriptions/${draft.id}`]: () => ({ message: messages.prescriptions.edited, prescriptions: [draft] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: `/prescriptions/osde-400800/${draft.id}/edit`, user: doctor });

    const practices = await screen.findByRole('radio', { name: 'Estudios, prácticas y procedimientos' });
    expect(practices).toHaveProperty('checked', true);
    expect(screen.getAllByRole('radio').every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
    expect(screen.getByText('La clase de receta queda como se guardó el borrador.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Estudio, práctica o procedimiento/ })).toHaveProperty('value', 'Hemograma completo');
    expect(screen.getByRole('textbox', { name: /^Indicaciones/ })).toHaveProperty('value', 'En ayunas');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(requestsTo(requests, 'PUT', `/api/prescriptions/${draft.id}`)).toHaveLength(1));
    expect(requestsTo(requests, 'PUT', `/api/prescriptions/${draft.id}`)[0]?.body).toMatchObject({
      kind: 'practice', items: [{ practiceCode: '660475', genericName: 'Hemograma completo', dosage: 'En ayunas' }],
    });
    expect(requestsTo(requests, 'POST', '/api/prescriptions/duplicates')).toHaveLength(0);
  });
});

describe('Repetir a prescription of studies and practices', () => {
  it('fills the form with its kind and its lines, codes included', async () => {
    const repeated: RepeatedPrescription = {
      repeatedFrom: 'old-2', patientId: patient.id, insurerSlug: 'particular', affiliateNumber: null, diagnosis: asthma,
      symptoms: null, type: 'classic', kind: 'practice',
      items: [{
        medicationId: null, practiceCode: bloodCount.code, genericName: bloodCount.name, brandName: null,
        strength: null, pharmaceuticalForm: null, presentation: null, quantity: 1, dosage: 'En ayunas', patientInstructions: null,
        pharmacyNote: null, noSubstitution: false, subtype: 'prescription',
      }],
    };
    const requests = stubApi({ ...formRoutes(), 'GET /api/prescriptions/old-2/repeat': () => repeated });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/prescriptions/particular/new?repeat=old-2', user: doctor });

    expect(await screen.findByRole('radio', { name: 'Estudios, prácticas y procedimientos' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: /^Estudio, práctica o procedimiento/ })).toHaveProperty('value', 'Hemograma completo');
    expect(screen.getByText('Código del catálogo: 660475')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Emitir' }));

    await waitFor(() => expect(requestsTo(requests, 'POST', '/api/prescriptions')).toHaveLength(1));
    expect(requestsTo(requests, 'POST', '/api/prescriptions')[0]?.body).toMatchObject({
      kind: 'practice', items: [{ practiceCode: '660475', genericName: 'Hemograma completo', dosage: 'En ayunas' }],
    });
  });
});
