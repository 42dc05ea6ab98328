import {
  AuthenticityClaimsSchema,
  MessageAnswerSchema,
  LoginStepSchema,
  SignedInSchema,
  TermsAcceptanceSchema,
  UserDataSavedSchema,
  UserSessionSchema,
  type AuthenticityClaims,
  type LoginInput,
  type UserDataUpdate,
} from '@receta/domain';
import { api } from '../../lib/api-client.ts';
import { readJwtPayload } from '../../lib/jwt.ts';

/** Login step one: the authenticity token that step two sends with the code. */
export async function logIn(credentials: LoginInput): Promise<string> {
  const answer = await api.request('/api/auth/login', { method: 'POST', body: credentials, schema: LoginStepSchema });
  return answer.authenticityToken;
}

/** What the authenticity token says about the account, or undefined when it is not one. */
export function readAuthenticityClaims(token: string): AuthenticityClaims | undefined {
  const parsed = AuthenticityClaimsSchema.safeParse(readJwtPayload(token));
  return parsed.success ? parsed.data : undefined;
}

/** Login step two: the code of the authenticator app, sent with the token of step one. */
export function sendSecondFactor(authenticityToken: string, code: string) {
  return api.request('/api/auth/login/2fa', {
    method: 'POST',
    body: { token: code },
    bearer: authenticityToken,
    schema: SignedInSchema,
  });
}

export function fetchSession() {
  return api.request('/api/auth/session', { schema: UserSessionSchema });
}

/** Ends the session on the server; the token is passed because the web app has already forgotten it. */
export async function endServerSession(accessToken: string): Promise<void> {
  await api.request('/api/auth/logout', { method: 'POST', bearer: accessToken });
}

/** Records that the user accepted the terms and the privacy policy now. */
export async function acceptTerms(now: Date = new Date()): Promise<string> {
  const answer = await api.request('/api/termsAndConditions', {
    method: 'POST',
    query: { sign: now.toISOString() },
    schema: TermsAcceptanceSchema,
  });
  return answer.termsAndConditions;
}

export async function requestPasswordRecovery(email: string): Promise<string> {
  const answer = await api.request('/api/auth/password-recovery-request', {
    method: 'POST',
    body: { email },
    schema: MessageAnswerSchema,
  });
  return answer.message;
}

export async function recoverPassword(userToken: string, password: string): Promise<string> {
  const answer = await api.request(`/api/auth/password-recovery/${encodeURIComponent(userToken)}`, {
    method: 'POST',
    body: { password },
    schema: MessageAnswerSchema,
  });
  return answer.message;
}

/**
 * `POST /api/auth/doctors/send-confirmation`: a new confirm-account link for an approved doctor
 * without a PIN; the answer is the same for any email.
 */
export async function requestNewConfirmationLink(email: string): Promise<string> {
  const answer = await api.request('/api/auth/doctors/send-confirmation', {
    method: 'POST',
    body: { email },
    schema: MessageAnswerSchema,
  });
  return answer.message;
}

/** Sets the signing PIN of a doctor's account from the link of the confirm-account mail. */
export async function confirmDoctorAccount(userToken: string, pin: string): Promise<void> {
  await api.request(`/api/auth/confirmation/doctors/${encodeURIComponent(userToken)}`, {
    method: 'PUT',
    body: { PIN: pin },
  });
}

export async function requestPinRecovery(): Promise<string> {
  const answer = await api.request('/api/auth/pin-recovery-request', { method: 'POST', schema: MessageAnswerSchema });
  return answer.message;
}

export async function recoverPin(userToken: string, pin: string): Promise<void> {
  await api.request(`/api/auth/pin-recovery/${encodeURIComponent(userToken)}`, {
    method: 'POST',
    body: { PIN: pin },
  });
}

/** Sets the password of an account an administrator created, from the link of the invitation mail. */
export async function acceptInvitation(userToken: string, password: string): Promise<string> {
  const answer = await api.request(`/api/auth/invitation/${encodeURIComponent(userToken)}`, {
    method: 'POST',
    body: { password },
    schema: MessageAnswerSchema,
  });
  return answer.message;
}

/** Saves the user's own data (`POST /api/auth/user/update`) and answers the updated session. */
export async function updateUserData(user: UserDataUpdate['user']) {
  const answer = await api.request('/api/auth/user/update', { method: 'POST', body: { user }, schema: UserDataSavedSchema });
  return answer.user;
}
