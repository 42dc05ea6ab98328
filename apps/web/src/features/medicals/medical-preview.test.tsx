import { messages, type MedicalDetail, type UserSession } from '@receta/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { lookupRoutes, stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { FakeUpload } from '../../test/fake-upload.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

function makeMedic(overrides: Partial<MedicalDetail> = {}): MedicalDetail {
  return {
    id: 'm1', name: 'Ana', lastName: 'Pérez', email: 'ana@example.com', enrollment: '123456',
    jurisdiction: { code: 'CABA', name: 'CABA' }, specialty: { id: 1, name: 'Clínica Médica' },
    status: 'pending_approval', authorized: false, referenceCode: 'REF-1',
    birthDate: '1980-05-01', dni: '20123456', cuit: '27201234564', phoneNumber: '1145678901', address: 'Av. Corrientes 1234',
    apartment: null, district: 'CABA', province: 'Ciudad Autónoma de Buenos Aires', profession: { code: '35', label: 'Médico' },
    documents: { dniFront: null, dniBack: null, degreeCertificate: null, doctorEnrollmentLocation: null },
    refepsCode: '70012345', restrictedAuthorisation: null, hasPin: false, rejectionReason: null, reviewedAt: null, createdAt: '2026-02-01T00:00:00Z',
    workspaces: [{ id: 'w1', name: 'Consultorio Pérez', avatarUri: null, kind: 'personal' }],
    ...overrides,
  };
}

function viewAs(user: UserSession, medic = makeMedic()) {
  stubApi({ 'GET /api/medicals/m1': () => medic });
  renderRoutes(routes, { path: '/medicals/m1/preview', user });
}

const terms = { termsAndConditions: '2026-01-01T00:00:00Z' };

describe('medic preview', () => {
  it('shows the professional data and offers the superadmin to authorize and edit', async () => {
    viewAs(makeUser({ roles: ['superadmin'], scope: ['show.medical', 'edit.medical'], ...terms }));

    expect(await screen.findByRole('heading', { name: 'Pérez, Ana' })).toBeTruthy();
    expect(screen.getByText('REF-1')).toBeTruthy();
    expect(screen.getByText('Consultorio Pérez · Consultorio personal')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Autorizar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
  });

  it('offers the federation administrator to suspend an authorized doctor, without editing', async () => {
    viewAs(makeUser({ roles: ['femecon.admin'], scope: ['show.medical'], ...terms }), makeMedic({ status: 'active', authorized: true }));

    expect(await screen.findByRole('button', { name: 'Suspender' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Autorizar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('lets a digital-signature administrator edit but neither authorize nor suspend', async () => {
    viewAs(makeUser({ roles: ['fds.admin'], scope: ['show.medical', 'edit.medical'], ...terms }));

    expect(await screen.findByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Autorizar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspender' })).toBeNull();
  });

  it('shows the REFEPS code and that no authorisation for restricted medicines is recorded', async () => {
    viewAs(makeUser({ roles: ['fds.admin'], scope: ['show.medical'], ...terms }), makeMedic({ status: 'active', authorized: true }));

    expect(await screen.findByText('70012345')).toBeTruthy();
    expect(screen.getByText('Sin autorización registrada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar autorización' })).toBeNull();
  });
});

describe('editing the REFEPS code', () => {
  it.each([
    ['keeps none for a doctor registered before it was asked when left blank', '', undefined],
    ['sends the code typed', '70012345', '70012345'],
  ])('%s', async (_case, typed, sent) => {
    const medic = makeMedic({ status: 'active', authorized: true, refepsCode: null, province: 'CABA' });
    const requests = stubApi({ ...lookupRoutes, 'GET /api/medicals/m1': () => medic, 'PUT /api/medicals/m1': () => medic });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/medicals/m1/preview', user: makeUser({ roles: ['fds.admin'], scope: ['show.medical', 'edit.medical'], ...terms }) });

    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    if (typed) await user.type(within(dialog).getByRole('textbox', { name: /^Licencia Sanitaria Federal/ }), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect((requests.find((request) => request.method === 'PUT')?.body as { refepsCode?: string }).refepsCode).toBe(sent);
  });
});

describe('authorisation to prescribe legally restricted medicines', () => {
  const moderator = () => makeUser({ roles: ['superadmin'], scope: ['show.medical', 'edit.medical'], ...terms });
  const authorised = makeMedic({
    status: 'active',
    authorized: true,
    restrictedAuthorisation: {
      authorisedOn: '2025-10-01', recordedAt: '2026-02-03T15:00:00Z', recordedBy: 'Mora Moderadora', evidenceUrl: '/api/files/ev1',
    },
  });

  it('records the date and the uploaded evidence, and shows who recorded it', async () => {
    FakeUpload.install();
    let medic = makeMedic({ status: 'active', authorized: true });
    const requests: FakeRequest[] = stubApi({
      'GET /api/medicals/m1': () => medic,
      'PUT /api/medicals/m1/restricted-authorisation': () => {
        medic = authorised;
        return medic;
      },
      'GET /api/files/ev1': () => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/medicals/m1/preview', user: moderator() });

    await user.click(await screen.findByRole('button', { name: 'Registrar autorización' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar autorización' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(messages.medicals.evidenceInvalid)).toBeTruthy();

    await user.click(within(dialog).getByRole('textbox', { name: /^Autorizado por la jurisdicción el/ }));
    await user.paste('01102025');
    await user.upload(within(dialog).getByLabelText('Constancia de la autorización'), new File(['%PDF'], 'autorizacion.pdf', { type: 'application/pdf' }));
    const upload = FakeUpload.requests[0];
    expect(upload?.file?.name).toMatch(/^\d+_restrictedEvidence_autorizacion\.pdf$/);
    act(() => upload?.respond(201, { attachment: { location: '/api/files/ev1' } }));
    expect(await within(dialog).findByText('autorizacion.pdf')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body)
      .toEqual({ authorisedOn: '2025-10-01', evidence: '/api/files/ev1' }));
    expect(await screen.findByText(messages.medicals.restrictedRecorded)).toBeTruthy();
    expect(await screen.findByText('01/10/2025')).toBeTruthy();
    expect(screen.getByText(/^Por Mora Moderadora, el 03\/02\/2026/)).toBeTruthy();
    expect(screen.getByText('Constancia de la autorización')).toBeTruthy();
  });

  it('revokes it after asking', async () => {
    let medic = authorised;
    const requests = stubApi({
      'GET /api/medicals/m1': () => medic,
      'DELETE /api/medicals/m1/restricted-authorisation': () => {
        medic = makeMedic({ status: 'active', authorized: true });
        return medic;
      },
      'GET /api/files/ev1': () => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/medicals/m1/preview', user: moderator() });

    await user.click(await screen.findByRole('button', { name: 'Revocar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocar' });
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
    expect(await screen.findByText(messages.medicals.restrictedRevoked)).toBeTruthy();
    expect(await screen.findByText('Sin autorización registrada')).toBeTruthy();
  });

  it('offers no decision on a doctor still waiting for approval', async () => {
    viewAs(moderator());
    expect(await screen.findByText('Sin autorización registrada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Registrar autorización' })).toBeNull();
  });
});
