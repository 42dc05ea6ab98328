import { messages } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { authenticityTokenStore } from '../../lib/storage.ts';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { makeJwt } from '../../test/jwt.ts';
import { renderRoutes } from '../../test/render.tsx';

function input(label: RegExp) {
  return screen.getByLabelText(label, { selector: 'input' });
}

describe('login page', () => {
  it('keeps the button disabled until the email and password are valid, with the spec\'s messages', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/login' });
    const submit = await screen.findByRole('button', { name: 'Ingresar' });
    expect(submit).toHaveProperty('disabled', true);

    await user.type(input(/^Email/), 'a@b');
    await user.type(input(/^Contraseña/), 'corta');
    await user.click(screen.getByRole('heading', { name: 'Ingresar' }));
    expect(await screen.findByText('Debe contener más de 4 caracteres')).toBeDefined();
    expect(screen.getByText('Debe contener más de 8 caracteres')).toBeDefined();

    await user.clear(input(/^Email/));
    await user.type(input(/^Email/), 'ana@example');
    expect(await screen.findByText('Email inválido')).toBeDefined();

    await user.clear(input(/^Email/));
    await user.type(input(/^Email/), 'ana@example.com');
    await user.clear(input(/^Contraseña/));
    await user.type(input(/^Contraseña/), 'Clave-Segura');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('asks for an emptied field with the required message', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/login' });

    await user.click(await screen.findByLabelText(/^Email/, { selector: 'input' }));
    await user.tab();

    expect(await screen.findByText('Este campo es obligatorio.')).toBeDefined();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/login' });
    const password = await screen.findByLabelText(/^Contraseña/, { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Mostrar lo escrito' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Ocultar lo escrito' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('shows the server\'s refusal as an error message', async () => {
    stubApi({ 'POST /api/auth/login': () => errorResponse(401, 'Email y/o contraseñas son incorrectas.') });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/login' });

    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'ana@example.com');
    await user.type(input(/^Contraseña/), 'Clave-Segura');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email y/o contraseñas son incorrectas.');
    expect(alert.className).toMatch(/Error/);
  });

  it('shows the lock-out\'s message when the server refuses too many attempts', async () => {
    stubApi({ 'POST /api/auth/login': () => errorResponse(429, messages.common.tooManyRequests) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/login' });

    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'ana@example.com');
    await user.type(input(/^Contraseña/), 'Clave-Segura');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Demasiados intentos. Espere unos minutos e inténtelo de nuevo.');
  });

  it('keeps the authenticity token and goes on to the second factor', async () => {
    const token = makeJwt({ isSync: true, user: { id: 'u1', email: 'ana@example.com', displayName: 'Ana' }, termsAndConditions: null });
    const requests = stubApi({ 'POST /api/auth/login': () => ({ authenticityToken: token }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/login' });

    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'Ana@Example.com');
    await user.type(input(/^Contraseña/), 'Clave-Segura');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeDefined();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/2auth'));
    expect(authenticityTokenStore.get()).toBe(token);
    expect(requests[0]?.body).toEqual({ email: 'ana@example.com', password: 'Clave-Segura' });
  });

  it('lets the default superadmin, admin@localhost, sign in', async () => {
    const token = makeJwt({ isSync: false, user: { id: 'u1', email: 'admin@localhost', displayName: 'Superadministrador' }, termsAndConditions: null });
    const requests = stubApi({ 'POST /api/auth/login': () => ({ authenticityToken: token }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/login' });

    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'admin@localhost');
    await user.type(input(/^Contraseña/), 'Generada-1234567');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeDefined();
    expect(screen.queryByText('Email inválido')).toBeNull();
    expect(requests[0]?.body).toEqual({ email: 'admin@localhost', password: 'Generada-1234567' });
  });

  it('leaves the refusal of a wrong password behind once the right one goes on to the second factor', async () => {
    const token = makeJwt({ isSync: true, user: { id: 'u1', email: 'ana@example.com', displayName: 'Ana' }, termsAndConditions: null });
    let attempts = 0;
    stubApi({
      'POST /api/auth/login': () => {
        attempts += 1;
        return attempts === 1 ? errorResponse(401, messages.auth.wrongCredentials) : { authenticityToken: token };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/login' });

    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'ana@example.com');
    await user.type(input(/^Contraseña/), 'Clave-Equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.auth.wrongCredentials);
    await user.clear(input(/^Contraseña/));
    await user.type(input(/^Contraseña/), 'Clave-Segura');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links to the registration', async () => {
    renderRoutes(routes, { path: '/login' });

    expect((await screen.findByRole('link', { name: 'Registrarse como profesional' })).getAttribute('href')).toBe('/register');
  });
});

describe('password recovery modal', () => {
  async function openModal() {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/login' });
    await user.click(await screen.findByRole('button', { name: '¿Olvidó su contraseña?' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Recuperar la contraseña' }) };
  }

  it('enables sending only for a valid email and then shows the spec\'s success message', async () => {
    let answer: (value: Response) => void = () => undefined;
    stubApi({ 'POST /api/auth/password-recovery-request': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user, dialog } = await openModal();
    const send = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(send).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText(/^Email/, { selector: 'input' }), 'ana');
    await user.tab();
    expect(await within(dialog).findByText('Debe contener al menos 4 caracteres')).toBeDefined();
    await user.type(within(dialog).getByLabelText(/^Email/, { selector: 'input' }), '@example.com');
    await user.click(send);

    expect(within(dialog).getByRole('progressbar')).toBeDefined();
    answer(new Response(JSON.stringify({ message: 'ok' }), { headers: { 'Content-Type': 'application/json' } }));
    expect(await within(dialog).findByText('Le enviamos un mensaje a su correo electrónico, por favor revise su bandeja de entrada.')).toBeDefined();
  });

  it('shows a failure inside the form, which stays there to try again', async () => {
    stubApi({ 'POST /api/auth/password-recovery-request': () => errorResponse(429, 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.') });
    const { user, dialog } = await openModal();

    await user.type(within(dialog).getByLabelText(/^Email/, { selector: 'input' }), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(await within(dialog).findByText('Demasiados intentos. Espere unos minutos e inténtelo de nuevo.')).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toBeDefined();
  });
});
