import { createHash } from 'node:crypto';
import { messages, type ApiError, type OAuthPinInput, type OAuthScope } from '@receta/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { createOAuthClient, createPinCode, issueAccessToken, pkcePair } from '../../../test/factories/oauth.ts';
import { useTestApp } from '../../../test/helper.ts';
import { doctors } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { consumePinCode, issuePinCode } from '../prescriptions/index.ts';

const test = useTestApp();
const pin = '7305';

/** A doctor with a PIN, an app, and a live token of the app for the doctor. */
async function doctorWithToken(scopes: OAuthScope[] = ['documents-sign', 'prescriptions-create'], pinHash?: string | null) {
  const doctor = await createApprovedDoctor(test.app, {
    pinHash: pinHash === undefined ? await hashSecret(pin) : pinHash,
  });
  const app = await createOAuthClient(test.app);
  const token = await issueAccessToken(test.app, { userId: doctor.id, clientId: app.id, scopes });
  return { doctor, app, token };
}

function confirm(authorization: string, body: Partial<OAuthPinInput>) {
  return test.app.inject({ method: 'POST', url: '/oauth2/accounts/pin-2fa', headers: { authorization }, payload: body });
}

function pinRequest(redirectUri: string, overrides: Partial<OAuthPinInput> = {}): OAuthPinInput {
  return {
    pin, action: 'sign', redirect_uri: redirectUri, state: '0123456789012345', code_challenge_method: 'S256',
    code_challenge: pkcePair().challenge, ...overrides,
  };
}

describe('POST /oauth2/accounts/pin-2fa', () => {
  it('answers a pin_2fa_code with the action and the state for the right PIN', async () => {
    const { app, token } = await doctorWithToken();
    const response = await confirm(token.authorization, pinRequest(app.redirectUri));
    expect(response.statusCode).toBe(200);
    expect(response.json())
      .toEqual({ pin_2fa_code: expect.any(String) as unknown, action: 'sign', state: '0123456789012345' });
  });

  it('answers "Invalid pin-2fa" for a wrong PIN and locks, with the web signing, at the fifth', async () => {
    const { doctor, app, token } = await doctorWithToken();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await confirm(token.authorization, pinRequest(app.redirectUri, { pin: '0000' }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ApiError>()).toMatchObject({
        message: messages.oauthServer.invalidPin, fields: [{ field: 'body.pin', message: messages.oauthServer.invalidPin }],
      });
    }
    const fifth = await confirm(token.authorization, pinRequest(app.redirectUri, { pin: '0000' }));
    expect(fifth.json<ApiError>()).toMatchObject({ statusCode: 403, errorCode: 'signingLocked', message: messages.signing.locked });
    const right = await confirm(token.authorization, pinRequest(app.redirectUri));
    expect(right.json<ApiError>()).toMatchObject({ statusCode: 403, errorCode: 'signingLocked' });
    const [record] = await test.app.db.select({ attempts: doctors.pinFailedAttempts })
      .from(doctors)
      .where(eq(doctors.userId, doctor.id));
    expect(record?.attempts).toBe(5);
  });

  it('answers "Invalid user with pending_approval" for a doctor who has not set the PIN yet', async () => {
    const { app, token } = await doctorWithToken(undefined, null);
    const response = await confirm(token.authorization, pinRequest(app.redirectUri));
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 403, message: messages.oauthServer.pendingApproval, errorCode: 'signingNotAllowed' });
  });

  it('needs the scope of the action: documents-sign to sign, prescriptions-create to prescribe', async () => {
    const { app, token } = await doctorWithToken(['prescriptions-create']);
    expect((await confirm(token.authorization, pinRequest(app.redirectUri, { action: 'sign' }))).statusCode).toBe(403);
    expect((await confirm(token.authorization, pinRequest(app.redirectUri, { action: 'prescribe' }))).statusCode).toBe(200);
  });

  it('refuses a token with neither scope, a missing token and a redirect_uri the app did not register', async () => {
    const { app, token } = await doctorWithToken(['accounts-profiles']);
    expect((await confirm(token.authorization, pinRequest(app.redirectUri))).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'POST', url: '/oauth2/accounts/pin-2fa', payload: pinRequest(app.redirectUri) })).statusCode).toBe(401);
    const other = await doctorWithToken();
    const response = await confirm(other.token.authorization, pinRequest('https://evil.example.test/cb'));
    expect(response.json<ApiError>())
      .toMatchObject({ statusCode: 400, message: messages.oauth.redirectUriNotRegistered, errorCode: 'redirectUriNotRegistered' });
  });

  it('refuses a PIN of three digits', async () => {
    const { app, token } = await doctorWithToken();
    const response = await confirm(token.authorization, pinRequest(app.redirectUri, { pin: '123' }));
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 400, fields: [{ field: 'body.pin', message: messages.oauth.pinLength }] });
  });
});

describe('consumePinCode', () => {
  const documentSha256 = createHash('sha256').update('documento').digest('hex');

  async function issued(overrides: { action?: 'sign' | 'prescribe'; documentSha256?: string } = {}) {
    const { doctor, app, token } = await doctorWithToken();
    const pkce = pkcePair();
    const code = await issuePinCode(test.app.db, {
      userId: doctor.id, clientId: app.id, accessTokenId: token.accessTokenId, action: overrides.action ?? 'sign',
      codeChallenge: pkce.challenge, documentSha256: overrides.documentSha256,
    });
    return { code, verifier: pkce.verifier, accessTokenId: token.accessTokenId, doctor, app, token };
  }

  async function refusal(promise: Promise<unknown>) {
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, message: messages.oauthServer.invalidPin });
  }

  it('spends a code once', async () => {
    const { code, verifier, accessTokenId } = await issued();
    const use = { code, accessTokenId, action: 'sign' as const, codeVerifier: verifier };
    expect(await consumePinCode(test.app.db, use)).toMatchObject({ kind: 'pin_2fa', accessTokenId, action: 'sign' });
    await refusal(consumePinCode(test.app.db, use));
  });

  it('is bound to its access token', async () => {
    const { code, verifier } = await issued();
    const other = await issued();
    await refusal(consumePinCode(test.app.db, { code, accessTokenId: other.accessTokenId, action: 'sign', codeVerifier: verifier }));
  });

  it('is bound to its action', async () => {
    const { code, verifier, accessTokenId } = await issued({ action: 'sign' });
    await refusal(consumePinCode(test.app.db, { code, accessTokenId, action: 'prescribe', codeVerifier: verifier }));
  });

  it('is bound to the verifier of its challenge', async () => {
    const { code, accessTokenId } = await issued();
    await refusal(consumePinCode(test.app.db, { code, accessTokenId, action: 'sign', codeVerifier: pkcePair().verifier }));
  });

  it('is bound to the document approved, when one was', async () => {
    const swapped = await issued({ documentSha256 });
    await refusal(consumePinCode(test.app.db, {
      code: swapped.code, accessTokenId: swapped.accessTokenId, action: 'sign', codeVerifier: swapped.verifier,
      documentSha256: createHash('sha256').update('otro documento').digest('hex'),
    }));
    const same = await issued({ documentSha256 });
    expect(await consumePinCode(test.app.db, {
      code: same.code, accessTokenId: same.accessTokenId, action: 'sign', codeVerifier: same.verifier, documentSha256,
    })).toMatchObject({ documentSha256 });
  });

  it('expires', async () => {
    const { doctor, app, token } = await doctorWithToken();
    const pkce = pkcePair();
    const code = await createPinCode(test.app, {
      userId: doctor.id, clientId: app.id, accessTokenId: token.accessTokenId, action: 'sign',
      codeChallenge: pkce.challenge, expiresAt: new Date(Date.now() - 1000),
    });
    await refusal(consumePinCode(test.app.db, { code, accessTokenId: token.accessTokenId, action: 'sign', codeVerifier: pkce.verifier }));
  });

  it('is issued by the PIN step bound as asked', async () => {
    const { app, token } = await doctorWithToken();
    const pkce = pkcePair();
    const response = await confirm(token.authorization, pinRequest(app.redirectUri, {
      action: 'prescribe', code_challenge: pkce.challenge, document_sha256: documentSha256,
    }));
    const { pin_2fa_code: code } = response.json<{ pin_2fa_code: string }>();
    expect(await consumePinCode(test.app.db, {
      code, accessTokenId: token.accessTokenId, action: 'prescribe', codeVerifier: pkce.verifier, documentSha256,
    })).toMatchObject({ action: 'prescribe', accessTokenId: token.accessTokenId, clientId: app.id, documentSha256 });
  });
});
