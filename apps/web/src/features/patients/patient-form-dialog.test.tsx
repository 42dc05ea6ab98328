import { messages, type InsurerSummary, type Medication, type Patient } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PatientFormDialog } from './patient-form-dialog.tsx';

const amoxicillin: Medication = {
  id: 1, brandName: 'Amoxidal', genericName: 'Amoxicilina', strength: '500 mg', pharmaceuticalForm: 'Comprimido',
  presentation: 'caja x 8', laboratory: 'Roemmers', saleCondition: 'Venta bajo receta archivada', gtin: null, troquel: null,
};
const osde: InsurerSummary = { id: 'rnos-400800', slug: 'osde-400800', name: 'Organización de Servicios Directos Empresarios', acronym: 'OSDE', kind: 'obra_social' };
const particular: InsurerSummary = { id: 'particular', slug: 'particular', name: 'Particular / sin cobertura', acronym: null, kind: 'particular' };

function makePatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 'p1', name: 'Ana', lastName: 'Pérez', dni: '30123456', cuil: '27301234568', identityDocument: null, sex: 'F', dateOfBirth: '1985-03-15',
    insurer: null, affiliateNumber: null, email: null, phone: null, address: null, allergies: [],
    createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const insurerRoutes = {
  'GET /api/insurers': ({ url }: FakeRequest) => ({ payload: url.searchParams.get('q') === 'particular' ? [particular] : [osde] }),
};

function renderDialog(patient?: Patient) {
  const onSaved = vi.fn<(patient: Patient) => void>();
  renderRoutes([{ path: '/', element: <PatientFormDialog open patient={patient} onClose={() => undefined} onSaved={onSaved} /> }]);
  return { onSaved };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

/** Types by pasting: a keystroke at a time makes these tests slow and tells nothing more. */
async function fill(user: UserEvent, name: RegExp, text: string) {
  await user.click(field(name));
  await user.paste(text);
}

/** The text under a field: its error, or else its hint. */
function helperTextOf(input: HTMLElement): string | null | undefined {
  const describedBy = input.getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : null;
}

async function fillIdentity(user: UserEvent) {
  await fill(user, /^Nombre/, 'Ana');
  await fill(user, /^Apellido/, 'Pérez');
  await fill(user, /^DNI/, '30123456');
  await user.click(screen.getByRole('combobox', { name: /^Sexo/ }));
  await user.click(await screen.findByRole('option', { name: 'Femenino' }));
  await fill(user, /^Fecha de nacimiento/, '15031985');
}

/** The identity and the CUIL that holds its DNI. */
async function fillPatient(user: UserEvent) {
  await fillIdentity(user);
  await fill(user, /^CUIL/, '27301234568');
}

async function chooseInsurer(user: UserEvent, search: string, label: string) {
  await user.type(screen.getByRole('combobox', { name: /^Obra social o prepaga/ }), search);
  await user.click(await screen.findByRole('option', { name: label }));
}

const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Guardar' }));

// A dialog of eleven MUI fields filled through real events takes seconds on a busy machine.
describe('patient form dialog', () => {
  it('refuses a CUIL whose check digit is wrong, and one that does not hold the DNI', async () => {
    stubApi(insurerRoutes);
    const user = userEvent.setup();
    renderDialog();

    await fill(user, /^DNI/, '30123456');
    await fill(user, /^CUIL/, '20301234564');
    await user.tab();
    expect(await screen.findByText(messages.patients.cuilInvalid)).toBeTruthy();

    await user.clear(field(/^CUIL/));
    await fill(user, /^CUIL/, '20301234571');
    await fillIdentity(user);
    await save(user);
    expect(await screen.findByText(messages.patients.cuilDniMismatch)).toBeTruthy();
  });

  it('asks for the CUIL, or for a foreigner without one, the type and number of their document', async () => {
    const saved = makePatient({ cuil: null, identityDocument: { type: 'PASAPORTE', number: 'AAB123456' } });
    const requests = stubApi({ ...insurerRoutes, 'POST /api/patients': () => saved });
    const user = userEvent.setup();
    const { onSaved } = renderDialog();

    await fillIdentity(user);
    await chooseInsurer(user, 'particular', 'Particular / sin cobertura');
    await save(user);
    await waitFor(() => expect(helperTextOf(field(/^CUIL/))).toBe(messages.patients.cuilRequired));
    expect(field(/^CUIL/).hasAttribute('required')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Extranjero sin CUIL' }));
    expect(screen.queryByRole('textbox', { name: /^CUIL/ })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: /^Tipo de documento/ }));
    await user.click(await screen.findByRole('option', { name: 'Pasaporte' }));
    await fill(user, /^Número de documento/, 'AB-1');
    await save(user);
    await waitFor(() => expect(helperTextOf(field(/^Número de documento/)))
      .toBe(messages.patients.identityDocumentInvalid));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(field(/^Número de documento/));
    await fill(user, /^Número de documento/, 'aab123456');
    await save(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      cuil: null, identityDocument: { type: 'PASAPORTE', number: 'AAB123456' },
    });
  });

  it('opens a foreigner saved without CUIL with their document', () => {
    stubApi(insurerRoutes);
    renderDialog(makePatient({ cuil: null, identityDocument: { type: 'CDI', number: '20301234565' } }));

    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Extranjero sin CUIL' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Número de documento/ }).value).toBe('20301234565');
  });

  it('refuses on its field a name that hides a right-to-left override', async () => {
    stubApi(insurerRoutes);
    const user = userEvent.setup();
    renderDialog();

    await fill(user, /^Nombre/, 'Ana\u202eoznoR');
    await user.tab();
    await waitFor(() => expect(helperTextOf(field(/^Nombre/))).toBe(messages.input.notAllowed));
  });

  it('asks for the affiliate number of a patient with an insurer, and not of a particular one', async () => {
    const requests = stubApi({ ...insurerRoutes, 'POST /api/patients': () => makePatient() });
    const user = userEvent.setup();
    renderDialog();

    await fillPatient(user);
    await chooseInsurer(user, 'osde', 'OSDE — Organización de Servicios Directos Empresarios');
    await save(user);
    expect(await screen.findByText(messages.patients.affiliateNumberRequired)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    const insurer = screen.getByRole('combobox', { name: /^Obra social o prepaga/ });
    await user.clear(insurer);
    await user.click(insurer);
    await user.click(await screen.findByRole('option', { name: 'Particular / sin cobertura' }));
    await save(user);
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
  });

  it('shows the required message once a required field is left empty', async () => {
    stubApi(insurerRoutes);
    const user = userEvent.setup();
    renderDialog();

    await user.click(field(/^Apellido/));
    await user.tab();
    expect(helperTextOf(field(/^Apellido/))).toBe(messages.common.required);
  });

  it('posts the new patient with the insurer id and tells who was saved', async () => {
    const saved = makePatient({ insurer: osde, affiliateNumber: '61 234567 8 01' });
    const requests = stubApi({ ...insurerRoutes, 'POST /api/patients': () => saved });
    const user = userEvent.setup();
    const { onSaved } = renderDialog();

    await fillPatient(user);
    await chooseInsurer(user, 'osde', 'OSDE — Organización de Servicios Directos Empresarios');
    await fill(user, /^Número de afiliado/, '61 234567 8 01');
    await fill(user, /^Email/, 'Ana.Perez@Example.com');
    await save(user);

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Ana', lastName: 'Pérez', dni: '30123456', cuil: '27301234568', identityDocument: null, sex: 'F', dateOfBirth: '1985-03-15',
      insurerId: 'rnos-400800', affiliateNumber: '61 234567 8 01', email: 'ana.perez@example.com', phone: null, address: null,
      allergies: [],
    });
    expect(await screen.findByText(messages.patients.created)).toBeTruthy();
  });

  it('edits a patient with a PUT on its row, starting from its data', async () => {
    const patient = makePatient({ insurer: osde, affiliateNumber: '123' });
    const requests = stubApi({ ...insurerRoutes, 'PUT /api/patients/p1': () => patient });
    const user = userEvent.setup();
    renderDialog(patient);

    expect(screen.getByRole('heading', { name: 'Editar los datos del paciente' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Obra social o prepaga/ }).value)
      .toBe('OSDE — Organización de Servicios Directos Empresarios');
    await user.clear(field(/^Número de afiliado/));
    await fill(user, /^Número de afiliado/, '456');
    await save(user);

    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ insurerId: 'rnos-400800', affiliateNumber: '456' });
  });

  it('puts a field the server refuses on that field, such as an insurer no longer offered', async () => {
    const refusal = { fields: [{ field: 'body.insurerId', message: messages.patients.insurerUnknown }] };
    stubApi({ ...insurerRoutes, 'POST /api/patients': () => errorResponse(400, messages.patients.insurerUnknown, refusal) });
    const user = userEvent.setup();
    renderDialog();

    await fillPatient(user);
    await chooseInsurer(user, 'osde', 'OSDE — Organización de Servicios Directos Empresarios');
    await fill(user, /^Número de afiliado/, '123');
    await save(user);

    const insurer = screen.getByRole('combobox', { name: /^Obra social o prepaga/ });
    await waitFor(() => expect(helperTextOf(insurer)).toBe(messages.patients.insurerUnknown));
  });

  it.each([
    ['naming the field', { errorCode: 'dniTaken', fields: [{ field: 'body.dni', message: messages.patients.dniTaken }] }],
    ['by its code only', { errorCode: 'dniTaken' }],
  ] as const)('puts the server refusal of a DNI already taken on the DNI field (%s)', async (_case, extra) => {
    stubApi({ ...insurerRoutes, 'POST /api/patients': () => errorResponse(409, messages.patients.dniTaken, extra) });
    const user = userEvent.setup();
    const { onSaved } = renderDialog();

    await fillPatient(user);
    await save(user);

    await waitFor(() => expect(helperTextOf(field(/^DNI/))).toBe(messages.patients.dniTaken));
    expect(field(/^DNI/).getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' })).toBeTruthy();
  });

  it('records an active ingredient from the vademecum as an allergy and a substance typed as an intolerance', async () => {
    const medications = { payload: [
      { ...amoxicillin, id: 1 }, { ...amoxicillin, id: 2, presentation: 'caja x 16' },
    ] };
    const requests = stubApi({ ...insurerRoutes, 'GET /api/medications': () => medications, 'POST /api/patients': () => makePatient() });
    const user = userEvent.setup();
    renderDialog();

    await fillPatient(user);
    await chooseInsurer(user, 'particular', 'Particular / sin cobertura');
    await user.click(screen.getByRole('combobox', { name: /^Principio activo o sustancia/ }));
    await user.paste('amoxi');
    // Two presentations of one active ingredient are offered once.
    expect(await screen.findAllByRole('option', { name: 'Amoxicilina' })).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: 'Amoxicilina' }));
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    await user.click(screen.getByRole('combobox', { name: /^Principio activo o sustancia/ }));
    await user.paste('Lactosa');
    await user.click(screen.getByRole('combobox', { name: /^Tipo$/ }));
    await user.click(await screen.findByRole('option', { name: 'Intolerancia' }));
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(screen.getByText('Amoxicilina (Alergia)')).toBeTruthy();
    expect(screen.getByText('Lactosa (Intolerancia)')).toBeTruthy();
    await user.click(screen.getByLabelText('Quitar Lactosa'));
    expect(screen.queryByText('Lactosa (Intolerancia)')).toBeNull();
    await save(user);

    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      allergies: [{ kind: 'allergy', substance: 'Amoxicilina', fromVademecum: true }],
    });
  });
});
