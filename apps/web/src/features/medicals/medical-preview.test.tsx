import type { MedicalDetail, UserSession } from '@receta/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { stubApi } from '../../test/fake-api.ts';
import { makeUser, renderRoutes } from '../../test/render.tsx';

function makeMedic(overrides: Partial<MedicalDetail> = {}): MedicalDetail {
  return {
    id: 'm1', name: 'Ana', lastName: 'Pérez', email: 'ana@example.com', enrollment: '123456',
    jurisdiction: { code: 'CABA', name: 'CABA' }, specialty: { id: 1, name: 'Clínica Médica' },
    status: 'pending_approval', authorized: false, referenceCode: 'REF-1',
    birthDate: '1980-05-01', dni: '20123456', cuit: '27201234564', phoneNumber: '1145678901', address: 'Av. Corrientes 1234',
    apartment: null, district: 'CABA', province: 'Ciudad Autónoma de Buenos Aires', profession: { code: '35', label: 'Médico' },
    documents: { dniFront: null, dniBack: null, degreeCertificate: null, doctorEnrollmentLocation: null },
    hasPin: false, rejectionReason: null, reviewedAt: null, createdAt: '2026-02-01T00:00:00Z',
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
});
