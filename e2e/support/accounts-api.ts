import {
  authenticatorCode, keepAccessToken, keptAccessToken, knowsAuthenticator, rememberAuthenticator,
} from './authenticator.ts';
import { doctorDocuments } from './documents.ts';
import { currentLane } from './lanes.ts';
import type { TestDoctor } from './doctors.ts';
import { waitForMailedLink } from './mailbox.ts';

// What a journey sets up through the API rather than by clicking: the state a page starts from.

type CallInit = RequestInit & { json?: unknown; token?: string };

/** One API request; a status other than 2xx throws with the answer's text. */
export async function call<Answer>(path: string, init: CallInit = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await fetch(`${currentLane().baseUrl}${path}`, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as Answer;
}

function claimsOf(token: string): { isSync: boolean; secret?: string } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { isSync: boolean; secret?: string };
}

/**
 * Both login steps, setting up the authenticator on the first login; answers the access token,
 * the one this run already holds for the account when there is one.
 */
export async function logInThroughApi(email: string, password: string): Promise<string> {
  const kept = await keptAccessToken(email);
  if (kept) return kept;
  const { authenticityToken } = await call<{ authenticityToken: string }>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
  });
  const claims = claimsOf(authenticityToken);
  if (!claims.isSync && claims.secret) await rememberAuthenticator(email, claims.secret);
  if (!(await knowsAuthenticator(email))) throw new Error(`${email} set up an authenticator this run does not know`);
  const signedIn = await call<{ access_token: string }>('/api/auth/login/2fa', {
    method: 'POST',
    token: authenticityToken,
    json: { token: await authenticatorCode(email) },
  });
  await keepAccessToken(email, signedIn.access_token);
  return signedIn.access_token;
}

/** Registers a doctor as the wizard would: the four uploads, then the registration. */
export async function registerDoctorThroughApi(doctor: TestDoctor): Promise<void> {
  const fields = ['dniFront', 'dniBack', 'degreeCertificate', 'doctorEnrollmentLocation'] as const;
  const documents = doctorDocuments();
  const locations = await Promise.all(fields.map(async (field, index) => {
    const document = documents[index];
    if (!document) throw new Error('A document is missing');
    const body = new FormData();
    body.append('doctorAttachment', new Blob([new Uint8Array(document.buffer)], { type: document.mimeType }), `${Date.now()}_${field}_${document.name}`);
    const answer = await call<{ attachment: { location: string } }>('/api/doctors/uploadFile', { method: 'POST', body });
    return [field, answer.attachment.location] as const;
  }));
  const [professions, specialties, jurisdictions] = await Promise.all([
    call<{ payload: { code: string; label: string }[] }>('/api/professions/refeps'),
    call<{ payload: { id: number; name: string }[] }>('/api/specialty'),
    call<{ payload: { code: string; name: string }[] }>('/api/jurisdictions'),
  ]);
  const [day, month, year] = doctor.birthDate.split('/');
  await call('/api/auth/register/doctors', {
    method: 'POST',
    json: {
      name: doctor.name,
      lastName: doctor.lastName,
      birthDate: `${year}-${month}-${day}`,
      dni: doctor.dni,
      cuit: doctor.cuit,
      phoneNumber: doctor.phoneNumber,
      address: doctor.address,
      district: doctor.district,
      province: doctor.province,
      email: doctor.email,
      password: doctor.password,
      professionCode: professions.payload.find((profession) => profession.label === doctor.profession)?.code,
      specialtyId: specialties.payload.find((specialty) => specialty.name === doctor.specialty)?.id,
      jurisdictionCode: jurisdictions.payload.find((jurisdiction) => jurisdiction.name === doctor.jurisdiction)?.code,
      doctorEnrollment: doctor.enrollment,
      refepsCode: doctor.refepsCode,
      attachments: Object.fromEntries(locations),
      termsAndCondition: true,
      privacyPolicy: true,
      termsAccepted: true,
    },
  });
}

/** A moderator approves the doctor with that email. */
export async function approveDoctorThroughApi(moderatorToken: string, email: string): Promise<void> {
  const pending = await call<{ items: { id: string; email: string }[] }>(
    `/api/users/not-authorized?q=${encodeURIComponent(email)}`,
    { token: moderatorToken },
  );
  const doctor = pending.items.find((item) => item.email === email);
  if (!doctor) throw new Error(`${email} is not waiting for approval`);
  await call(`/api/users/${doctor.id}/authorize`, { method: 'POST', token: moderatorToken });
}

/** The id of the doctor with that email in the medics directory, as an administrator sees it. */
export async function findMedicIdThroughApi(token: string, email: string): Promise<string> {
  const page = await call<{ items: { id: string; email: string }[] }>(`/api/medicals?q=${encodeURIComponent(email)}`, { token });
  const medic = page.items.find((item) => item.email === email);
  if (!medic) throw new Error(`${email} is not in the medics directory`);
  return medic.id;
}

/** The doctor follows the mailed confirmation link and sets the signing PIN, as the page would. */
export async function confirmPinThroughApi(email: string, pin: string): Promise<void> {
  const confirmationPath = await waitForMailedLink(email, '/confirmation/');
  const userToken = confirmationPath.slice('/confirmation/'.length);
  await call(`/api/auth/confirmation/doctors/${userToken}`, { method: 'PUT', json: { PIN: pin } });
}

/**
 * A doctor ready to prescribe: registered, approved by the superadmin, with a PIN. Answers
 * the doctor's access token.
 */
export async function prescribingDoctorThroughApi(
  doctor: TestDoctor,
  moderator: { email: string; password: string },
  pin = '2580',
): Promise<string> {
  await registerDoctorThroughApi(doctor);
  await approveDoctorThroughApi(await logInThroughApi(moderator.email, moderator.password), doctor.email);
  await confirmPinThroughApi(doctor.email, pin);
  return logInThroughApi(doctor.email, doctor.password);
}

/** The antigens administrator registers an owner; the owner's account is invited by mail. */
export async function createOwnerThroughApi(
  token: string,
  owner: { name: string; cuit: string; email: string },
): Promise<void> {
  await call('/api/owners', {
    method: 'POST',
    token,
    json: {
      ...owner,
      address: 'Av. Santa Fe 1234',
      province: 'CABA',
      contactName: 'Marta Ruiz',
      phone: '1145678901',
    },
  });
}

/** The invited person follows the mailed link and chooses a password, as the page would. */
export async function acceptInvitationThroughApi(email: string, password: string): Promise<void> {
  const invitationPath = await waitForMailedLink(email, '/invitation/');
  await call(`/api/auth/invitation/${invitationPath.slice('/invitation/'.length)}`, { method: 'POST', json: { password } });
}
