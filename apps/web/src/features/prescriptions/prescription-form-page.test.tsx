import {
  addDays, formatDisplayDate, messages, todayInArgentina, type AllergyConflict, type DuplicateMedication, type Patient,
} from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { asthma, doctor, makePatient, makePrescription, particular, salbutamol } from '../../test/prescription-fixtures.ts';

const patient = makePatient();
const created = makePrescription({ state: 'draft', displayState: 'draft', signed: false, signedAt: null });

function formRoutes(
  { duplicates = [], allergies = [] }: { duplicates?: DuplicateMedication[]; allergies?: AllergyConflict[] } = {},
  shownPatient: Patient = patient,
) {
  return {
    'GET /api/insurers/particular': () => particular,
    [`GET /api/patients/${patient.id}`]: () => shownPatient,
    'GET /api/medications': () => ({ payload: [salbutamol] }),
    'GET /api/diagnoses': () => ({ payload: [asthma] }),
    'POST /api/prescriptions/duplicates': () => ({ duplicates, allergies }),
    'POST /api/prescriptions': () => new Response(
      JSON.stringify({ message: messages.prescriptions.created, prescriptions: [created] }),
      { status: 201, headers: { 'Content-Type': 'application/json' } },
    ),
    [`GET /api/prescriptions/${created.id}`]: () => created,
  };
}

function renderForm() {
  return renderRoutes(routes, { path: `/prescriptions/particular/new?patientId=${patient.id}`, user: doctor });
}

/** Types by pasting: a keystroke at a time makes these tests slow and tells nothing more. */
async function search(user: UserEvent, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

/** One medicine from the vademecum, its dosage and an asthma diagnosis: the least a prescription needs. */
async function fillPrescription(user: UserEvent) {
  await search(user, await screen.findByRole('combobox', { name: /^Medicamento/ }), 'salb');
  await user.click(await screen.findByRole('option', { name: 'Salbutamol 100 mcg — Ventolin — aerosol x 200 dosis — GlaxoSmithKline' }));
  await user.click(screen.getByRole('textbox', { name: /^Posología/ }));
  await user.paste('2 disparos cada 8 horas');
  await search(user, screen.getByRole('combobox', { name: /^Diagnóstico/ }), 'asma');
  await user.click(await screen.findByRole('option', { name: 'J45.0 — Asma predominantemente alérgica' }));
}

const posts = (requests: FakeRequest[]) => requests.filter((request) => request.method === 'POST' && request.path === '/api/prescriptions');

/** An answer the test gives when it chooses, to see what the page asks for meanwhile. */
function heldAnswer<Value>() {
  let give: (value: Value) => void = () => undefined;
  const answer = new Promise<Value>((resolve) => {
    give = resolve;
  });
  return { answer, give };
}

describe('prescription form', () => {
  it('asks for a draft and its insurer together, and for the patient as soon as the draft names them', async () => {
    const draft = makePrescription({ state: 'draft', displayState: 'draft', signed: false, signedAt: null });
    const prescriptionAnswer = heldAnswer<typeof draft>();
    const insurerAnswer = heldAnswer<typeof particular>();
    const requests = stubApi({
      ...formRoutes(),
      [`GET /api/prescriptions/${draft.id}`]: () => prescriptionAnswer.answer,
      'GET /api/insurers/particular': () => insurerAnswer.answer,
    });
    renderRoutes(routes, { path: `/prescriptions/particular/${draft.id}/edit`, user: doctor });
    const asked = () => requests.map((request) => request.path);

    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining([`/api/prescriptions/${draft.id}`, '/api/insurers/particular'])));
    prescriptionAnswer.give(draft);
    // The insurer has still not answered.
    await waitFor(() => expect(asked()).toContain(`/api/patients/${patient.id}`));
    insurerAnswer.give(particular);
    expect(await screen.findByRole('combobox', { name: /^Paciente/ })).toHaveProperty('value', 'Pérez, Ana — DNI 30123456');
  });

  it('posts a Receta Crónica of two monthly prescriptions with the chosen medicine, and opens the first', async () => {
    const requests = stubApi(formRoutes());
    const user = userEvent.setup();
    const { router } = renderForm();

    expect(await screen.findByRole('combobox', { name: /^Paciente/ })).toHaveProperty('value', 'Pérez, Ana — DNI 30123456');
    await fillPrescription(user);
    await user.click(screen.getByRole('radio', { name: 'Receta Crónica' }));
    await user.click(screen.getByRole('radio', { name: '2 recetas mensuales' }));
    const preview = screen.getByRole('region', { name: 'Vigencia de cada receta de la serie' });
    expect(within(preview).getAllByText(/^Receta \d de 2$/)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Emitir' }));

    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({
      patientId: patient.id,
      kind: 'medication',
      insurerSlug: 'particular',
      affiliateNumber: null,
      diagnosisCode: 'J45.0',
      symptoms: null,
      startDate: todayInArgentina(),
      type: 'chronic',
      seriesLength: 2,
      items: [{
        medicationId: 7, practiceCode: null, genericName: 'Salbutamol', brandName: 'Ventolin', strength: '100 mcg', pharmaceuticalForm: 'aerosol',
        presentation: 'aerosol x 200 dosis', quantity: 1, dosage: '2 disparos cada 8 horas', patientInstructions: null,
        pharmacyNote: null, noSubstitution: false,
      }],
      confirmDuplicates: false,
      confirmAllergies: false,
    });
    expect(await screen.findByText(messages.prescriptions.created)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/prescriptions/${created.id}`));
  });

  it('shows each medicine\'s subtype as the doctor picks it, and warns of what a restricted one requires', async () => {
    const methylphenidate = {
      ...salbutamol, id: 8, genericName: 'Metilfenidato', brandName: 'Ritalina', strength: '10 mg',
      presentation: 'envase x 30 comprimidos', laboratory: 'Novartis', saleCondition: 'Venta bajo receta oficial',
    };
    stubApi({ ...formRoutes(), 'GET /api/medications': () => ({ payload: [salbutamol, methylphenidate] }) });
    const user = userEvent.setup();
    renderForm();

    const box = await screen.findByRole('combobox', { name: /^Medicamento/ });
    expect(screen.queryByText('Expendio bajo receta')).toBeNull();
    await search(user, box, 'metil');
    await user.click(await screen.findByRole('option', { name: /^Metilfenidato 10 mg — Ritalina/ }));
    expect(await screen.findByText('Expendio legalmente restringido')).toBeTruthy();
    expect(screen.getByText('Expendio legalmente restringido: requiere autorización y domicilio del paciente.')).toBeTruthy();

    // Written by hand, the medicine names no presentation: sold under prescription.
    await user.type(box, 'x');
    expect(await screen.findByText('Expendio bajo receta')).toBeTruthy();
    expect(screen.queryByText(/requiere autorización y domicilio del paciente/)).toBeNull();

    await user.clear(box);
    await search(user, box, 'salb');
    await user.click(await screen.findByRole('option', { name: /^Salbutamol 100 mcg — Ventolin/ }));
    expect(await screen.findByText('Expendio bajo receta')).toBeTruthy();
  });

  it('clears the required message of a field the medicine search fills in', async () => {
    stubApi(formRoutes());
    const user = userEvent.setup();
    renderForm();

    expect(await screen.findByRole('combobox', { name: /^Paciente/ })).toHaveProperty('value', 'Pérez, Ana — DNI 30123456');
    await user.click(screen.getByRole('button', { name: 'Emitir' }));
    const presentation = screen.getByRole<HTMLInputElement>('textbox', { name: /^Presentación/ });
    await waitFor(() => expect(presentation.getAttribute('aria-invalid')).toBe('true'));
    await search(user, screen.getByRole('combobox', { name: /^Medicamento/ }), 'salb');
    await user.click(await screen.findByRole('option', { name: /^Salbutamol 100 mcg — Ventolin/ }));

    expect(presentation.value).toBe('aerosol x 200 dosis');
    expect(presentation.getAttribute('aria-invalid')).toBe('false');
    // What the search left empty is still asked for.
    expect(screen.getByRole('textbox', { name: /^Posología/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows no validity beside a start date it refuses', async () => {
    stubApi(formRoutes());
    const user = userEvent.setup();
    renderForm();

    const startDate = await screen.findByRole('textbox', { name: /^Fecha de inicio/ });
    expect(screen.getByText(/^Vigente desde el /)).toBeTruthy();
    const tooLate = addDays(todayInArgentina(), 31);
    await user.clear(startDate);
    await user.type(startDate, formatDisplayDate(tooLate).replaceAll('/', ''));
    await user.tab();

    expect(await screen.findByText(messages.prescriptions.startDateInvalid)).toBeTruthy();
    expect(screen.queryByText(/^Vigente desde el /)).toBeNull();
  });

  it('says the insurer does not exist when the path names an unknown one', async () => {
    stubApi({ 'GET /api/insurers/nope': () => errorResponse(404, messages.prescriptions.unknownInsurer) });
    renderRoutes(routes, { path: '/prescriptions/nope/new', user: doctor });

    expect(await screen.findByText(messages.prescriptions.unknownInsurer)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Emitir' })).toBeNull();
  });

  it('warns of a medicine the patient already holds, and issues only once the doctor confirms', async () => {
    const duplicate = { prescriptionId: 'p-old', number: 980, genericName: 'Salbutamol', expiryDate: '2026-04-10' };
    const requests = stubApi(formRoutes({ duplicates: [duplicate] }));
    const user = userEvent.setup();
    renderForm();

    await fillPrescription(user);
    await user.click(screen.getByRole('button', { name: 'Emitir' }));

    const dialog = await screen.findByRole('dialog', { name: 'Medicamento repetido' });
    expect(within(dialog).getByText(messages.prescriptions.duplicateMedication)).toBeTruthy();
    expect(within(dialog).getByText('Receta 980: Salbutamol, vigente hasta el 10/04/2026')).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Emitir de todos modos' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({ type: 'classic', confirmDuplicates: true });
    expect(posts(requests)[0]?.body).not.toHaveProperty('seriesLength');
  });

  it('shows the patient\'s allergies, warns of a medicine they forbid, and records the doctor\'s confirmation', async () => {
    const allergic = makePatient({ allergies: [{ kind: 'allergy', substance: 'Salbutamol', fromVademecum: true }] });
    const conflict = { genericName: 'Salbutamol', substance: 'Salbutamol', kind: 'allergy' as const };
    const requests = stubApi(formRoutes({ allergies: [conflict] }, allergic));
    const user = userEvent.setup();
    renderForm();

    const notice = await screen.findByRole('note');
    expect(within(notice).getByText('Alergias e intolerancias del paciente:')).toBeTruthy();
    expect(within(notice).getByText('Salbutamol (Alergia)')).toBeTruthy();
    await fillPrescription(user);
    await user.click(screen.getByRole('button', { name: 'Emitir' }));

    const dialog = await screen.findByRole('dialog', { name: 'Alergia o intolerancia del paciente' });
    expect(within(dialog).getByText(messages.prescriptions.allergyWarning)).toBeTruthy();
    expect(within(dialog).getByText('Salbutamol: Alergia a Salbutamol')).toBeTruthy();
    expect(within(dialog).queryByText(messages.prescriptions.duplicateMedication)).toBeNull();
    expect(posts(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Emitir de todos modos' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({ confirmAllergies: true });
  });
});
