import { messages, type ApiError, type OAuthProfile, type OAuthWorkspace } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../../test/factories/approved-doctors.ts';
import { appTokenFor } from '../../../../test/factories/oauth.ts';
import { createPrescribingDoctor } from '../../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../../test/helper.ts';
import { doctors, oauthTokens } from '../../../db/schema/index.ts';

const test = useTestApp();
let doctorId: string;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
});

function get(url: string, authorization?: string) {
  return test.app.inject({ url: `/oauth2/api${url}`, headers: authorization ? { authorization } : {} });
}

describe('GET /oauth2/api/accounts/profile', () => {
  it("answers the token's doctor: name, email, licence and account status", async () => {
    const token = await appTokenFor(test.app, doctorId, ['accounts-profiles']);

    const response = await get('/accounts/profile', token.authorization);

    expect(response.statusCode).toBe(200);
    const profile = response.json<OAuthProfile>();
    expect(profile).toMatchObject({
      id: doctorId,
      name: 'Ana',
      lastName: 'Pérez',
      status: 'active',
      canSign: true,
      licences: [{
        enrollment: '123456',
        licenceType: 'MN',
        jurisdiction: { code: 'MN', name: 'Nacional (Ministerio de Salud de la Nación)' },
      }],
    });
    expect(profile.email).toMatch(/@receta\.test$/);
    expect(profile.licences[0]?.specialty).not.toBe('');
  });

  it("shows each doctor their own profile, never another's", async () => {
    const other = await createApprovedDoctor(test.app);
    const token = await appTokenFor(test.app, other.id, ['accounts-profiles']);

    const profile = (await get('/accounts/profile', token.authorization)).json<OAuthProfile>();

    expect(profile.id).toBe(other.id);
    expect(profile.email).toBe(other.email);
  });

  it('says the doctor cannot sign without a PIN, or with the PIN locked by wrong attempts', async () => {
    const withoutPin = await createApprovedDoctor(test.app);
    const locked = await createPrescribingDoctor(test.app);
    await test.app.db.update(doctors).set({ pinFailedAttempts: 5 }).where(eq(doctors.userId, locked.id));

    for (const userId of [withoutPin.id, locked.id]) {
      const token = await appTokenFor(test.app, userId, ['accounts-profiles']);
      expect((await get('/accounts/profile', token.authorization)).json<OAuthProfile>().canSign).toBe(false);
    }
  });

  it('refuses a token without the accounts-profiles scope (403) and a request without a live token (401)', async () => {
    const token = await appTokenFor(test.app, doctorId, ['patients-search', 'accounts-confirm']);
    expect((await get('/accounts/profile', token.authorization)).statusCode).toBe(403);

    const noToken = await get('/accounts/profile');
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json<ApiError>().message).toBe(messages.session.invalidAccessToken);

    const revoked = await appTokenFor(test.app, doctorId, ['accounts-profiles']);
    await test.app.db.update(oauthTokens)
      .set({ revokedAt: new Date() })
      .where(eq(oauthTokens.id, revoked.accessTokenId));
    expect((await get('/accounts/profile', revoked.authorization)).statusCode).toBe(401);
  });
});

describe('GET /oauth2/api/workspaces', () => {
  it("lists the doctor's workspaces, the personal practice first, and no one else's", async () => {
    const doctor = await createPrescribingDoctor(test.app);
    const clinic = await createWorkspace(test.app, { name: 'Clínica del Sol', memberIds: [doctor.id] });
    const personal = await createWorkspace(test.app, {
      name: 'Consultorio Pérez', kind: 'personal', ownerUserId: doctor.id, memberIds: [doctor.id],
    });
    await createWorkspace(test.app, { name: 'Clínica Ajena', memberIds: [doctorId] });
    const token = await appTokenFor(test.app, doctor.id, ['patients-search']);

    const response = await get('/workspaces', token.authorization);

    expect(response.statusCode).toBe(200);
    expect(response.json<{ payload: OAuthWorkspace[] }>().payload).toEqual([
      { id: personal.id, name: 'Consultorio Pérez', kind: 'personal' },
      { id: clinic.id, name: 'Clínica del Sol', kind: 'clinic' },
    ]);
  });

  it('takes any scope of patients or prescriptions, and refuses the others', async () => {
    for (const scope of ['patients-search', 'patients-update', 'prescriptions-search', 'prescriptions-create'] as const) {
      const token = await appTokenFor(test.app, doctorId, [scope]);
      expect((await get('/workspaces', token.authorization)).statusCode).toBe(200);
    }
    const profileOnly = await appTokenFor(test.app, doctorId, ['accounts-profiles', 'medications-search']);
    expect((await get('/workspaces', profileOnly.authorization)).statusCode).toBe(403);
    expect((await get('/workspaces')).statusCode).toBe(401);
  });
});
