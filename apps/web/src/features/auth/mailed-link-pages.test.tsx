import { messages } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

function input(label: RegExp) {
  return screen.getByLabelText(label, { selector: 'input' });
}

async function typePins(user: UserEvent, pin: string, confirmation: string) {
  await user.type(await screen.findByLabelText(/^PIN/, { selector: 'input' }), pin);
  await user.type(input(/^Confirmar PIN/), confirmation);
  await user.tab();
}

describe('account confirmation page', () => {
  it('shows the spec\'s PIN messages and enables confirming only for a valid PIN', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/confirmation/token-1' });
    const confirm = await screen.findByRole('button', { name: 'Confirmar' });

    await user.click(await screen.findByLabelText(/^PIN/, { selector: 'input' }));
    await user.tab();
    expect(await screen.findByText('El campo es requerido')).toBeDefined();

    await user.type(input(/^PIN/), '12a3');
    expect(input(/^PIN/)).toHaveProperty('value', '123');
    await user.tab();
    expect(await screen.findByText('El PIN debe tener 4 números')).toBeDefined();

    await user.type(input(/^PIN/), '4');
    await user.type(input(/^Confirmar PIN/), '4321');
    await user.tab();
    expect(await screen.findByText('El PIN no coincide.')).toBeDefined();
    expect(confirm).toHaveProperty('disabled', true);

    await user.clear(input(/^Confirmar PIN/));
    await user.type(input(/^Confirmar PIN/), '1234');
    expect(confirm).toHaveProperty('disabled', false);
    expect(input(/^PIN/).getAttribute('type')).toBe('password');
  });

  it('sets the PIN with the mailed token and goes to the login page', async () => {
    const requests = stubApi({ 'PUT /api/auth/confirmation/doctors/*': () => ({ message: 'ok' }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/confirmation/token-1' });

    await typePins(user, '4821', '4821');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText('Sus credenciales fueron establecidas. Ya puede iniciar sesión.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests[0]?.path).toBe('/api/auth/confirmation/doctors/token-1');
    expect(requests[0]?.body).toEqual({ PIN: '4821' });
  });

  it.each([
    ['Already used PIN', 'El PIN ya fue utilizado. Debe generar uno nuevo.', 'alreadyUsedPin'],
    ['El enlace expiró o ya fue utilizado. Solicite uno nuevo.', 'El tiempo para establecer sus credenciales ha expirado.', undefined],
  ] as const)('answers the server\'s "%s" with "%s"', async (serverMessage, shown, errorCode) => {
    stubApi({ 'PUT /api/auth/confirmation/doctors/*': () => errorResponse(400, serverMessage, { errorCode }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/confirmation/token-1' });

    await typePins(user, '4821', '4821');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    // In the notice, and on the page where the form was.
    expect(await screen.findAllByText(shown)).toHaveLength(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation/token-1'));
  });
});

/** Opens the confirmation page, asks for a new link from the offer under the PIN form, and sends it to `email`. */
async function askNewLinkFromTheOffer(email: string) {
  const user = userEvent.setup();
  renderRoutes(routes, { path: '/confirmation/token-1' });
  await user.click(await screen.findByRole('button', { name: '¿El enlace venció o ya lo usó? Pida uno nuevo.' }));
  const section = screen.getByRole('region', { name: 'Pedir un enlace nuevo' });
  await user.type(within(section).getByLabelText(/^Email/, { selector: 'input' }), email);
  await user.click(within(section).getByRole('button', { name: 'Enviar un enlace nuevo' }));
  return section;
}

describe('a new confirmation link', () => {
  const sentAnswer = { message: messages.moderation.confirmationSent };

  it.each([
    ['Already used PIN', 'alreadyUsedPin', 'El PIN ya fue utilizado. Debe generar uno nuevo.'],
    ['El enlace expiró o ya fue utilizado. Solicite uno nuevo.', undefined, 'El tiempo para establecer sus credenciales ha expirado.'],
  ] as const)('is offered when the server refuses the link with "%s", and sent to the email typed', async (serverMessage, errorCode, shown) => {
    const requests = stubApi({
      'PUT /api/auth/confirmation/doctors/*': () => errorResponse(400, serverMessage, { errorCode }),
      'POST /api/auth/doctors/send-confirmation': () => sentAnswer,
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/confirmation/token-1' });

    await typePins(user, '4821', '4821');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    const section = await screen.findByRole('region', { name: 'Pedir un enlace nuevo' });
    expect(screen.getAllByText(shown).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText(/^PIN/, { selector: 'input' })).toBeNull();
    const send = within(section).getByRole('button', { name: 'Enviar un enlace nuevo' });
    expect(send).toHaveProperty('disabled', true);

    await user.type(within(section).getByLabelText(/^Email/, { selector: 'input' }), 'Ana.Perez@Example.com');
    await user.click(send);

    expect((await within(section).findByRole('status')).textContent).toBe(messages.moderation.confirmationSent);
    const request = requests.find((candidate) => candidate.path === '/api/auth/doctors/send-confirmation');
    expect(request?.body).toEqual({ email: 'ana.perez@example.com' });
  });

  it('can be asked for before typing a PIN, from the link under the form', async () => {
    const requests = stubApi({ 'POST /api/auth/doctors/send-confirmation': () => sentAnswer });
    const section = await askNewLinkFromTheOffer('nadie@example.com');

    expect((await within(section).findByRole('status')).textContent).toBe(messages.moderation.confirmationSent);
    expect(requests.map((request) => request.path)).toEqual(['/api/auth/doctors/send-confirmation']);
    expect(screen.getByLabelText(/^PIN/, { selector: 'input' })).toBeDefined();
  });

  it('shows the server\'s refusal, such as too many requests, and lets the doctor try again', async () => {
    stubApi({
      'POST /api/auth/doctors/send-confirmation': () => errorResponse(429, messages.common.tooManyRequests),
    });
    const section = await askNewLinkFromTheOffer('ana@example.com');

    expect((await within(section).findByRole('alert')).textContent).toBe(messages.common.tooManyRequests);
    expect(within(section).getByRole('button', { name: 'Enviar un enlace nuevo' })).toHaveProperty('disabled', false);
  });
});

describe('PIN recovery page', () => {
  const doctor = makeUser({ scope: ['sign.prescription', 'owner.prescription'], termsAndConditions: '2026-01-01T00:00:00Z' });

  it('needs the permission to sign prescriptions', async () => {
    const { router } = renderRoutes(routes, { path: '/pin-recovery/token-2' });

    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sets the new PIN and goes home with the spec\'s message', async () => {
    const requests = stubApi({ 'POST /api/auth/pin-recovery/*': () => ({ message: 'Su PIN fue actualizado.' }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/pin-recovery/token-2', user: doctor });

    await typePins(user, '9753', '9753');
    await user.click(screen.getByRole('button', { name: 'Guardar el PIN' }));

    expect(await screen.findByText('Su PIN fue actualizado.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests[0]?.body).toEqual({ PIN: '9753' });
  });

  it('shows the fallback message when the server gives none', async () => {
    stubApi({ 'POST /api/auth/pin-recovery/*': () => new Response('', { status: 502 }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/pin-recovery/token-2', user: doctor });

    await typePins(user, '9753', '9753');
    await user.click(screen.getByRole('button', { name: 'Guardar el PIN' }));

    expect(await screen.findByText('Ha ocurrido un problema, por favor inténtelo más tarde.')).toBeDefined();
  });
});

describe('password recovery page', () => {
  it('shows the spec\'s messages and saves the new password, then goes to the login page', async () => {
    const requests = stubApi({ 'POST /api/auth/password-recovery/*': () => ({ message: 'Su contraseña fue actualizada. Ya puede ingresar.' }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/password-recovery/token-3' });
    const save = await screen.findByRole('button', { name: 'Guardar la contraseña' });

    await user.type(input(/^Contraseña nueva/), 'corta');
    await user.type(input(/^Confirmar la contraseña/), 'otra');
    await user.tab();
    expect(await screen.findByText('La contraseña no puede tener menos de 10 caracteres')).toBeDefined();
    await user.clear(input(/^Contraseña nueva/));
    await user.type(input(/^Contraseña nueva/), 'nueva-clave-2026');
    await user.tab();
    expect(await screen.findByText('La contraseña debe combinar mayúsculas, minúsculas, números y símbolos.')).toBeDefined();
    await user.clear(input(/^Contraseña nueva/));
    await user.type(input(/^Contraseña nueva/), 'Nueva-Clave-2026');
    await user.tab();
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeDefined();
    expect(save).toHaveProperty('disabled', true);

    await user.clear(input(/^Confirmar la contraseña/));
    await user.type(input(/^Confirmar la contraseña/), 'Nueva-Clave-2026');
    await user.click(save);

    expect(await screen.findByText('Su contraseña fue actualizada. Ya puede ingresar.')).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests[0]?.path).toBe('/api/auth/password-recovery/token-3');
    expect(requests[0]?.body).toEqual({ password: 'Nueva-Clave-2026' });
  });

  it('shows the server\'s message when the link no longer works', async () => {
    stubApi({ 'POST /api/auth/password-recovery/*': () => errorResponse(400, 'El enlace expiró o ya fue utilizado. Solicite uno nuevo.') });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/password-recovery/token-3' });

    await user.type(await screen.findByLabelText(/^Contraseña nueva/, { selector: 'input' }), 'Nueva-Clave-2026');
    await user.type(input(/^Confirmar la contraseña/), 'Nueva-Clave-2026');
    await user.click(screen.getByRole('button', { name: 'Guardar la contraseña' }));

    expect(await screen.findByText('El enlace expiró o ya fue utilizado. Solicite uno nuevo.')).toBeDefined();
  });
});
