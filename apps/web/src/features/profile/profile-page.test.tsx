import { messages, type Profile, type ProfileSession, type UserSession } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { errorResponse, lookupRoutes, stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

const terms = { termsAndConditions: '2026-01-01T00:00:00Z' };
const doctorUser = makeUser({ scope: ['owner.prescription', 'sign.prescription'], ...terms });
const pharmacistUser = makeUser({
  displayName: 'Farmacia Central', email: 'farmacia@example.com', roles: ['pharmacy'], scope: ['index.scan'], ...terms,
});

const doctorProfile: Profile = {
  id: 'user-1',
  email: 'medica@example.com',
  displayName: 'Ana Pérez',
  photoURL: null,
  roleNames: ['Médico'],
  secondFactorEnrolledAt: '2026-01-10T12:00:00Z',
  doctor: {
    name: 'Ana', lastName: 'Pérez', birthDate: '1980-05-17', dni: '20123456', cuit: '27201234564',
    phoneNumber: '1145678901', address: 'Av. Corrientes 1234', apartment: null, district: 'Balvanera', province: 'CABA',
    enrollment: '123456', jurisdiction: { code: 'MN', name: 'Nacional' }, specialty: { id: 1, name: 'Clínica Médica' },
    profession: { code: '35', label: 'Médico' }, refepsCode: '70012345', restrictedAuthorisation: null, hasPin: true,
  },
};

const pharmacistProfile: Profile = {
  ...doctorProfile, displayName: 'Farmacia Central', email: 'farmacia@example.com', roleNames: ['Farmacia'], doctor: null,
};

function session(overrides: Partial<ProfileSession>): ProfileSession {
  return {
    id: 's1', createdAt: '2026-03-01T12:00:00Z', lastSeenAt: '2026-03-01T13:00:00Z', expiresAt: '2026-03-02T00:00:00Z',
    browser: 'Chrome', system: 'Linux', ipAddress: '190.210.1.2', isCurrent: true, ...overrides,
  };
}

const sessions = [
  session({}),
  session({ id: 's2', browser: 'Safari', system: 'iOS', isCurrent: false }),
  session({ id: 's3', browser: null, system: null, ipAddress: null, isCurrent: false }),
];

function renamed(user: UserSession, displayName: string): UserSession {
  return { ...user, displayName, data: { ...user.data, displayName } };
}

/** Opens /myProfile as `user`, with the fake server's profile and sessions plus the routes given. */
function visitProfile(user: UserSession, profile: Profile, apiRoutes: Parameters<typeof stubApi>[0] = {}) {
  const requests = stubApi({
    ...lookupRoutes,
    'GET /api/profile': () => profile,
    'GET /api/profile/sessions': () => ({ items: sessions }),
    ...apiRoutes,
  });
  renderRoutes(routes, { path: '/myProfile', user });
  return requests;
}

function section(name: string) {
  return screen.findByRole('region', { name });
}

describe('my profile', () => {
  it('shows a doctor their identity and licence read-only and lets them correct the contact data', async () => {
    const requests = visitProfile(doctorUser, doctorProfile, {
      'PUT /api/profile/contact': ({ body }) => ({ ...doctorProfile, doctor: { ...doctorProfile.doctor, ...body as object } }),
    });
    const personal = await section('Datos personales');
    expect(within(personal).getByText('20123456')).toBeTruthy();
    expect(within(personal).queryByRole('textbox', { name: /DNI/ })).toBeNull();
    const professional = await section('Datos profesionales');
    expect(within(professional).getByText('Clínica Médica')).toBeTruthy();
    expect(within(professional).getByText('123456')).toBeTruthy();
    // The licence is read-only; only the REFEPS code, which the doctor gives themselves, is a field.
    expect(within(professional).getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual(['refepsCode']);
    expect(within(professional).queryByText(messages.profile.refepsMissing)).toBeNull();

    const user = userEvent.setup();
    const phone = within(personal).getByRole('textbox', { name: /Teléfono/ });
    await user.clear(phone);
    await user.type(phone, '3514567890');
    await user.click(within(personal).getAllByRole('button', { name: 'Guardar' }).at(-1) as HTMLElement);

    expect(await screen.findByText(messages.profile.saved)).toBeTruthy();
    const saved = requests.find((request) => request.method === 'PUT' && request.path === '/api/profile/contact');
    expect(saved?.body).toMatchObject({ phoneNumber: '3514567890', address: 'Av. Corrientes 1234', province: 'CABA' });
  });

  it('asks a doctor without REFEPS code for it, and shows whether they may prescribe restricted medicines', async () => {
    const withoutRefeps: Profile = {
      ...doctorProfile, doctor: doctorProfile.doctor && { ...doctorProfile.doctor, refepsCode: null },
    };
    const authorised: Profile = {
      ...doctorProfile,
      doctor: doctorProfile.doctor && {
        ...doctorProfile.doctor,
        restrictedAuthorisation: { authorisedOn: '2025-10-01', recordedAt: '2026-01-02T10:00:00Z', recordedBy: 'Mora', evidenceUrl: null },
      },
    };
    const requests = visitProfile(doctorUser, withoutRefeps, { 'PUT /api/profile/refeps-code': () => authorised });
    const professional = await section('Datos profesionales');
    expect(within(professional).getByText(messages.profile.refepsMissing)).toBeTruthy();
    expect(within(professional).getByText(/^Sin autorización registrada/)).toBeTruthy();

    const user = userEvent.setup();
    await user.type(within(professional).getByRole('textbox', { name: /^Licencia Sanitaria Federal/ }), '70012345');
    await user.click(within(professional).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(requests.find((request) => request.path === '/api/profile/refeps-code')?.body)
      .toEqual({ refepsCode: '70012345' }));
    expect(await within(professional).findByText('Autorizado por su jurisdicción desde el 01/10/2025')).toBeTruthy();
    expect(within(professional).queryByText(messages.profile.refepsMissing)).toBeNull();
  });

  it('renames the account and the shell shows the new name at once', async () => {
    const requests = visitProfile(doctorUser, doctorProfile, {
      'PUT /api/profile': ({ body }) => ({
        message: messages.profile.saved, user: renamed(doctorUser, (body as { displayName: string }).displayName),
      }),
    });
    const personal = await section('Datos personales');
    const user = userEvent.setup();
    const name = within(personal).getByRole('textbox', { name: /Nombre visible/ });
    await user.clear(name);
    await user.type(name, 'Dra. Ana Pérez');
    await user.click(within(personal).getAllByRole('button', { name: 'Guardar' })[0] as HTMLElement);

    expect(await screen.findByRole('button', { name: 'Menú de Dra. Ana Pérez' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT' && request.path === '/api/profile')?.body)
      .toEqual({ displayName: 'Dra. Ana Pérez' });
  });

  it('changes the password: a wrong current one shows on its field, the right one clears the form', async () => {
    let attempts = 0;
    visitProfile(doctorUser, doctorProfile, {
      'POST /api/profile/password': () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(400, messages.profile.wrongPassword, {
              errorCode: 'wrongPassword', fields: [{ field: 'body.currentPassword', message: messages.profile.wrongPassword }],
            })
          : { message: messages.profile.passwordChanged };
      },
    });
    const security = await section('Seguridad');
    const user = userEvent.setup();
    const current = within(security).getByLabelText(/Contraseña actual/);
    await user.type(current, 'No-Es-La-Clave');
    await user.type(within(security).getByLabelText(/^Contraseña nueva/), 'Nueva-Clave-2026');
    await user.type(within(security).getByLabelText(/Confirmar la contraseña nueva/), 'Nueva-Clave-2026');
    await user.click(within(security).getByRole('button', { name: 'Cambiar la contraseña' }));

    await waitFor(() => expect(within(security).getByText(messages.profile.wrongPassword)).toBeTruthy());
    await user.clear(current);
    await user.type(current, 'Clave-Segura-2026');
    await user.click(within(security).getByRole('button', { name: 'Cambiar la contraseña' }));

    await waitFor(() => expect((current as HTMLInputElement).value).toBe(''));
    // The refusal's message is still showing: the success waits its turn (spec section 8, 6000 ms).
    expect(await screen.findByText(messages.profile.passwordChanged)).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('checks the new password with the rules of every new password before sending it', async () => {
    const requests = visitProfile(doctorUser, doctorProfile);
    const security = await section('Seguridad');
    expect(within(security).getByText('Al menos 10 caracteres, con mayúsculas, minúsculas, números y símbolos.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(security).getByLabelText(/Contraseña actual/), 'Clave-Segura-2026');
    await user.type(within(security).getByLabelText(/^Contraseña nueva/), 'corta');
    await user.type(within(security).getByLabelText(/Confirmar la contraseña nueva/), 'otra');
    await user.click(within(security).getByRole('button', { name: 'Cambiar la contraseña' }));

    expect(await within(security).findByText(messages.password.tooShort)).toBeTruthy();
    expect(within(security).getByText(messages.registration.passwordsMismatch)).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/profile/password')).toBe(false);
  });

  it('resets the second factor after asking for the password in a dialog', async () => {
    const requests = visitProfile(doctorUser, doctorProfile, {
      'POST /api/profile/second-factor/reset': () => ({ message: messages.profile.secondFactorReset }),
    });
    const security = await section('Seguridad');
    expect(within(security).getByText('Su aplicación de autenticación está configurada desde el 10/01/2026.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(security).getByRole('button', { name: 'Restablecer segundo factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer el segundo factor' });
    await user.type(within(dialog).getByLabelText(/Contraseña/), 'Clave-Segura-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer' }));

    expect(await screen.findByText(messages.profile.secondFactorReset)).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/profile/second-factor/reset')?.body)
      .toEqual({ password: 'Clave-Segura-2026' });
  });

  it('requests the PIN recovery mail for a doctor', async () => {
    const requests = visitProfile(doctorUser, doctorProfile, {
      'POST /api/auth/pin-recovery-request': () => ({ message: messages.recovery.sent }),
    });
    const security = await section('Seguridad');
    await userEvent.setup().click(within(security).getByRole('button', { name: 'Solicitar recuperación de PIN' }));
    expect(await screen.findByText(messages.recovery.sent)).toBeTruthy();
    expect(requests.filter((request) => request.path === '/api/auth/pin-recovery-request')).toHaveLength(1);
  });

  it('lists the sessions, marks this one, and closes another', async () => {
    const requests = visitProfile(doctorUser, doctorProfile, {
      'DELETE /api/profile/sessions/*': () => ({ message: messages.profile.sessionClosed }),
    });
    const list = await screen.findByRole('list', { name: 'Sesiones activas' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('Esta sesión')).toBeTruthy();
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(list).getByText('Safari en iOS')).toBeTruthy();
    expect(within(list).getByText('Dispositivo desconocido')).toBeTruthy();

    await userEvent.setup().click(within(list).getByRole('button', { name: /^Cerrar la sesión de Safari en iOS/ }));
    expect(await screen.findByText(messages.profile.sessionClosed)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path))
      .toEqual(['/api/profile/sessions/s2']);
  });

  it('closes all the other sessions at once', async () => {
    const requests = visitProfile(doctorUser, doctorProfile, {
      'DELETE /api/profile/sessions/others': () => ({ message: messages.profile.otherSessionsClosed, closed: 2 }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cerrar las demás sesiones' }));
    expect(await screen.findByText(messages.profile.otherSessionsClosed)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path))
      .toEqual(['/api/profile/sessions/others']);
  });

  it('uploads a new photo, which the session shows at once', async () => {
    const withPhoto = { ...doctorUser, data: { ...doctorUser.data, photoURL: '/api/files/foto-1' } };
    const requests = visitProfile(doctorUser, doctorProfile, {
      'POST /api/profile/photo': () => ({ message: messages.profile.photoUpdated, user: withPhoto }),
      'GET /api/files/foto-1': () => new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' })),
    });
    const photo = await section('Foto');
    expect(within(photo).queryByRole('button', { name: 'Quitar la foto' })).toBeNull();
    const input = photo.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup().upload(input, new File([new Uint8Array([0x89, 0x50])], 'retrato.png', { type: 'image/png' }));

    expect(await screen.findByText(messages.profile.photoUpdated)).toBeTruthy();
    const upload = requests.find((request) => request.path === '/api/profile/photo');
    expect((upload?.rawBody as FormData).get('photo')).toBeInstanceOf(File);
    expect(await within(photo).findByRole('button', { name: 'Quitar la foto' })).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/files/foto-1')).toBe(true));
  });

  it('refuses a file that is not an image before sending it', async () => {
    const requests = visitProfile(doctorUser, doctorProfile);
    const photo = await section('Foto');
    const input = photo.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['hola'], 'notas.txt', { type: 'text/plain' }));

    expect(await screen.findByText(messages.profile.photoInvalid)).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/profile/photo')).toBe(false);
  });

  it('is open to a user who is no doctor, without the professional part or the PIN', async () => {
    visitProfile(pharmacistUser, pharmacistProfile);
    const personal = await section('Datos personales');
    expect(within(personal).getByText('farmacia@example.com')).toBeTruthy();
    expect(within(personal).queryByRole('textbox', { name: /Teléfono/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Datos profesionales' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Solicitar recuperación de PIN' })).toBeNull();
    expect(await section('Seguridad')).toBeTruthy();
  });
});
