import { messages } from '@receta/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, lookupRoutes, stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { FakeUpload } from '../../test/fake-upload.ts';
import { renderRoutes } from '../../test/render.tsx';

const doctor = {
  name: 'Ana',
  lastName: 'Pérez',
  birthDate: '15031985',
  dni: '30123456',
  cuit: '27301234568',
  phoneNumber: '1145678901',
  address: 'Av. Corrientes 1234',
  district: 'Balvanera',
  email: 'Ana.Perez@Example.com',
  password: 'Clave-Segura-2026',
};

const documentLabels = ['Frente del DNI', 'Dorso del DNI', 'Título', 'Certificado de matrícula'];

function field(label: RegExp | string) {
  return screen.getByLabelText(label, { selector: 'input' });
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/**
 * Fills a field at once, as pasting does: for the steps a test only walks through. What typing
 * does to a field (the digits kept, the date's slashes) has tests of its own above; typing the
 * whole wizard key by key re-renders the form at every key and took most of this file's time.
 */
async function enter(user: UserEvent, label: RegExp, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

async function fillPersonalData(user: UserEvent) {
  await enter(user, /^Nombre/, doctor.name);
  await enter(user, /^Apellido/, doctor.lastName);
  await enter(user, /^Fecha de nacimiento/, doctor.birthDate);
  await enter(user, /^DNI/, doctor.dni);
  await enter(user, /^CUIT/, doctor.cuit);
  await enter(user, /^Teléfono/, doctor.phoneNumber);
  await enter(user, /^Domicilio/, doctor.address);
  await enter(user, /^Localidad/, doctor.district);
  await choose(user, 'Provincia', 'CABA');
}

async function fillCredentials(user: UserEvent) {
  await enter(user, /^Email/, doctor.email);
  // The copy refuses a paste (the spec wants it typed), so it is typed.
  await user.type(field(/^Repetir el email/), doctor.email);
  await enter(user, /^Contraseña/, doctor.password);
  await enter(user, /^Repetir la contraseña/, doctor.password);
}

async function continueTo(user: UserEvent, heading: string) {
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  expect(await screen.findByRole('heading', { name: heading })).toBeDefined();
}

function slot(label: string) {
  return screen.getByRole('group', { name: label });
}

function fileInputOf(label: string): HTMLInputElement {
  const input = slot(label).querySelector('input[type=file]');
  if (!(input instanceof HTMLInputElement)) throw new Error(`No file input in ${label}`);
  return input;
}

function pngNamed(name: string) {
  return new File(['png'], name, { type: 'image/png' });
}

/** Uploads into a slot and plays the server's answer. */
async function uploadInto(user: UserEvent, label: string, name: string) {
  const requestsBefore = FakeUpload.requests.length;
  await user.upload(fileInputOf(label), pngNamed(name));
  const request = FakeUpload.requests[requestsBefore];
  if (!request) throw new Error('The upload was not sent');
  act(() => request.respond(201, { attachment: { location: `/api/files/${name}` } }));
  expect(await within(slot(label)).findByText(name)).toBeDefined();
}

let requests: FakeRequest[];

function verifyAll() {
  return {
    ...lookupRoutes,
    'POST /api/auth/register/doctors/verify-information': () => ({ valid: true }),
    'POST /api/auth/register/doctors/verify-email': () => ({ valid: true }),
  };
}

beforeEach(() => {
  FakeUpload.install();
  requests = stubApi(verifyAll());
});

describe('registration wizard, step 1', () => {
  it('accepts only digits in the numeric fields, typed or pasted', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });

    await user.type(await screen.findByLabelText(/^DNI/, { selector: 'input' }), '30a12.3-456');
    await user.click(field(/^CUIT/));
    await user.paste('27-30123456-8');

    expect(field(/^DNI/)).toHaveProperty('value', '30123456');
    expect(field(/^CUIT/)).toHaveProperty('value', '27301234568');
    expect(field(/^Teléfono/).getAttribute('inputmode')).toBe('numeric');
  });

  it('writes the birth date as dd/mm/aaaa and refuses one outside 1900 to today', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });

    await user.type(await screen.findByLabelText(/^Fecha de nacimiento/, { selector: 'input' }), '31121899');
    await user.tab();

    expect(field(/^Fecha de nacimiento/)).toHaveProperty('value', '31/12/1899');
    expect(await screen.findByText('Ingrese una fecha válida.')).toBeDefined();
  });

  it('asks for an untouched birth date with the required message when the step is sent', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });

    await user.click(await screen.findByRole('button', { name: 'Continuar' }));

    const birthDate = field(/^Fecha de nacimiento/);
    await waitFor(() => expect(birthDate.getAttribute('aria-invalid')).toBe('true'));
    const helperText = document.getElementById(birthDate.getAttribute('aria-describedby') ?? '');
    expect(helperText?.textContent).toBe('Este campo es obligatorio.');
    expect(screen.queryByText('Ingrese una fecha válida.')).toBeNull();
  });

  it('shows the spec\'s messages for short and long numbers', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });

    await user.type(await screen.findByLabelText(/^DNI/, { selector: 'input' }), '12345');
    await user.type(field(/^CUIT/), '2030');
    await user.type(field(/^Teléfono/), '123');
    await user.click(field(/^Nombre/));
    await user.tab();

    expect(await screen.findByText('Debe contener al menos 6 dígitos.')).toBeDefined();
    expect(screen.getByText('Debe contener 11 dígitos')).toBeDefined();
    expect(screen.getByText(messages.registration.phoneLength)).toBeDefined();
    expect(screen.getByText('Este campo es obligatorio.')).toBeDefined();
  });

  it('goes on to step 2 only after the server accepts the DNI, phone and CUIT', async () => {
    let refusals = 1;
    requests = stubApi({
      ...verifyAll(),
      'POST /api/auth/register/doctors/verify-information': () => (
        refusals-- > 0 ? errorResponse(400, 'Su CUIT no es válido.') : { valid: true }
      ),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });
    await screen.findByRole('heading', { name: 'Paso 1 de 3: Datos personales' });
    await fillPersonalData(user);

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Su CUIT no es válido.')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Paso 1 de 3: Datos personales' })).toBeDefined();

    await continueTo(user, 'Paso 2 de 3: Cuenta');
    const checks = requests.filter((request) => request.path.endsWith('/verify-information'));
    expect(checks.map((request) => request.body)).toEqual([
      { dni: doctor.dni, phoneNumber: doctor.phoneNumber, cuit: doctor.cuit },
      { dni: doctor.dni, phoneNumber: doctor.phoneNumber, cuit: doctor.cuit },
    ]);
  });
});

describe('registration wizard, step 2', () => {
  async function openStep2(user: UserEvent) {
    renderRoutes(routes, { path: '/register' });
    await screen.findByRole('heading', { name: 'Paso 1 de 3: Datos personales' });
    await fillPersonalData(user);
    await continueTo(user, 'Paso 2 de 3: Cuenta');
  }

  it('refuses paste into the email copy, and copying from it', async () => {
    const user = userEvent.setup();
    await openStep2(user);

    await user.click(field(/^Repetir el email/));
    await user.paste(doctor.email);

    expect(field(/^Repetir el email/)).toHaveProperty('value', '');
    expect(fireEvent.copy(field(/^Repetir el email/))).toBe(false);
    expect(fireEvent.cut(field(/^Repetir el email/))).toBe(false);
  });

  it('shows the spec\'s messages for the email and the password typed twice', async () => {
    const user = userEvent.setup();
    await openStep2(user);

    await user.type(field(/^Email/), 'ana@');
    await user.type(field(/^Repetir el email/), 'otra@example.com');
    await user.type(field(/^Contraseña/), 'corta');
    await user.type(field(/^Repetir la contraseña/), 'distinta');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText('Ingrese un email válido.')).toBeDefined();
    expect(screen.getByText('La contraseña no puede tener menos de 10 caracteres')).toBeDefined();
    expect(requests.some((request) => request.path.endsWith('/verify-email'))).toBe(false);
  });

  it('keeps what was typed when going back and forth', async () => {
    const user = userEvent.setup();
    await openStep2(user);
    await user.type(field(/^Email/), doctor.email);

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await screen.findByRole('heading', { name: 'Paso 1 de 3: Datos personales' });
    expect(field(/^DNI/)).toHaveProperty('value', doctor.dni);
    expect(field(/^Fecha de nacimiento/)).toHaveProperty('value', '15/03/1985');
    expect(screen.getByRole('combobox', { name: /Provincia/ })).toHaveProperty('value', 'CABA');

    await continueTo(user, 'Paso 2 de 3: Cuenta');
    expect(field(/^Email/)).toHaveProperty('value', doctor.email);
  });

  it('goes on to step 3 only after the server accepts the email', async () => {
    requests = stubApi({
      ...verifyAll(),
      'POST /api/auth/register/doctors/verify-email': () => errorResponse(409, messages.registration.emailTaken),
    });
    const user = userEvent.setup();
    await openStep2(user);
    await fillCredentials(user);

    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText(messages.registration.emailTaken)).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Paso 2 de 3: Cuenta' })).toBeDefined();
    expect(requests.find((request) => request.path.endsWith('/verify-email'))?.body).toEqual({ email: 'ana.perez@example.com' });
  });
});

describe('registration wizard, step 3', () => {
  async function openStep3(user: UserEvent) {
    renderRoutes(routes, { path: '/register' });
    await screen.findByRole('heading', { name: 'Paso 1 de 3: Datos personales' });
    await fillPersonalData(user);
    await continueTo(user, 'Paso 2 de 3: Cuenta');
    await fillCredentials(user);
    await continueTo(user, 'Paso 3 de 3: Datos profesionales');
  }

  async function fillProfessionalData(user: UserEvent) {
    await choose(user, 'Profesión', 'Médico');
    await choose(user, 'Especialidad', 'Cardiología');
    await choose(user, 'Jurisdicción', 'CABA');
    await user.type(field(/^Número de matrícula/), '123456');
    await user.type(field(/^Licencia Sanitaria Federal/), '70012345');
  }

  it('asks for the Licencia Sanitaria Federal (REFEPS code), digits only', async () => {
    const user = userEvent.setup();
    await openStep3(user);

    const refeps = field(/^Licencia Sanitaria Federal/);
    expect(refeps.hasAttribute('required')).toBe(true);
    await user.type(refeps, 'A7');
    expect((refeps as HTMLInputElement).value).toBe('7');
    await user.clear(refeps);
    await user.tab();
    expect(await screen.findByText(messages.common.required)).toBeDefined();
    await user.type(refeps, '1234567890123');
    await user.tab();
    expect(await screen.findByText(messages.registration.refepsCodeInvalid)).toBeDefined();
  });

  it('opens the document slots in order and shows each one\'s state', async () => {
    const user = userEvent.setup();
    await openStep3(user);

    expect(documentLabels.map((label) => slot(label).dataset.state)).toEqual(['idle', 'disabled', 'disabled', 'disabled']);
    expect(within(slot('Dorso del DNI')).getByRole('button', { name: 'Adjuntar' })).toHaveProperty('disabled', true);

    await user.upload(fileInputOf('Frente del DNI'), pngNamed('frente.png'));
    const upload = FakeUpload.requests[0];
    act(() => upload?.progress(0.4));
    expect(within(slot('Frente del DNI')).getByText('Subiendo archivo')).toBeDefined();
    expect(within(slot('Frente del DNI')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(upload?.file?.name).toMatch(/^\d+_dniFront_frente\.png$/);

    act(() => upload?.respond(201, { attachment: { location: '/api/files/1' } }));
    expect(await within(slot('Frente del DNI')).findByText('frente.png')).toBeDefined();
    expect(documentLabels.map((label) => slot(label).dataset.state)).toEqual(['done', 'idle', 'disabled', 'disabled']);

    await user.click(within(slot('Frente del DNI')).getByRole('button', { name: 'Quitar Frente del DNI' }));
    expect(slot('Frente del DNI').dataset.state).toBe('idle');
    expect(slot('Dorso del DNI').dataset.state).toBe('disabled');
  });

  it('refuses another file type before sending it, and says so when the server fails', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await openStep3(user);
    expect(fileInputOf('Frente del DNI').accept).toBe('application/pdf,image/png,image/jpeg');

    await user.upload(fileInputOf('Frente del DNI'), new File(['gif'], 'foto.gif', { type: 'image/gif' }));
    expect(await within(slot('Frente del DNI')).findByText(messages.upload.invalidExtension)).toBeDefined();
    expect(FakeUpload.requests).toHaveLength(0);

    await user.upload(fileInputOf('Frente del DNI'), pngNamed('frente.png'));
    act(() => FakeUpload.requests[0]?.respond(500, { statusCode: 500, error: 'Error', message: 'boom' }));
    expect(await within(slot('Frente del DNI')).findByText('Ha ocurrido un problema, por favor inténtelo más tarde.')).toBeDefined();
    expect(slot('Frente del DNI').dataset.state).toBe('idle');
  });

  it('asks for every document and for both acceptances before sending', async () => {
    const user = userEvent.setup();
    await openStep3(user);
    await fillProfessionalData(user);

    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText('Por favor adjunte toda su documentación.')).toBeDefined();
    expect(screen.getByText('Por favor acepte los términos y condiciones y las políticas de privacidad.')).toBeDefined();
    expect(requests.some((request) => request.path === '/api/auth/register/doctors')).toBe(false);
  });

  it('opens the legal pages from the acceptance in a new tab', async () => {
    const user = userEvent.setup();
    await openStep3(user);

    const terms = screen.getByRole('link', { name: /términos y condiciones/ });
    expect(terms.getAttribute('href')).toBe('/termsAndConditions');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /política de privacidad/ }).getAttribute('href')).toBe('/privacyPolicy');
  });

  it('sends the three steps without the copies, the documents nested, then shows the moderator notice', async () => {
    requests = stubApi({ ...verifyAll(), 'POST /api/auth/register/doctors': () => ({ message: messages.registration.moderatorNotice }) });
    const user = userEvent.setup();
    await openStep3(user);
    await fillProfessionalData(user);
    for (const label of documentLabels) await uploadInto(user, label, `${label}.png`);
    await user.click(screen.getByRole('checkbox', { name: /términos y condiciones/ }));
    await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));

    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText(messages.registration.moderatorNotice)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).toBeNull();
    const registration = requests.find((request) => request.path === '/api/auth/register/doctors');
    expect(registration?.body).toEqual({
      name: doctor.name,
      lastName: doctor.lastName,
      birthDate: '1985-03-15',
      dni: doctor.dni,
      cuit: doctor.cuit,
      phoneNumber: doctor.phoneNumber,
      address: doctor.address,
      district: doctor.district,
      province: 'CABA',
      email: 'ana.perez@example.com',
      password: doctor.password,
      specialtyId: 4,
      jurisdictionCode: 'CABA',
      doctorEnrollment: '123456',
      professionCode: '35',
      refepsCode: '70012345',
      attachments: {
        dniFront: '/api/files/Frente del DNI.png',
        dniBack: '/api/files/Dorso del DNI.png',
        degreeCertificate: '/api/files/Título.png',
        doctorEnrollmentLocation: '/api/files/Certificado de matrícula.png',
      },
      termsAndCondition: true,
      privacyPolicy: true,
      termsAccepted: true,
    });
  });

  it('shows the spec\'s message when the final submission fails', async () => {
    requests = stubApi({ ...verifyAll(), 'POST /api/auth/register/doctors': () => errorResponse(500, 'boom') });
    const user = userEvent.setup();
    await openStep3(user);
    await fillProfessionalData(user);
    for (const label of documentLabels) await uploadInto(user, label, `${label}.png`);
    await user.click(screen.getByRole('checkbox', { name: /términos y condiciones/ }));
    await user.click(screen.getByRole('checkbox', { name: /política de privacidad/ }));

    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    expect(await screen.findByText('Disculpe! No es posible realizar la acción en este momento.')).toBeDefined();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar solicitud' })).toBeDefined());
  });
});
