import { randomInt, randomUUID } from 'node:crypto';
import { hasValidCuitCheckDigit, type DoctorRegistration } from '@receta/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { randomAddress, sampleJpeg, samplePdf, samplePng, uploadedLocation } from './uploads.ts';

/** A DNI of 8 digits no other test doctor is likely to have. */
export function randomDni(): string {
  return String(randomInt(10_000_000, 99_999_999));
}

/** A CUIT with a valid check digit, `20-<dni>-x` when a DNI is given. */
export function validCuit(dni: string = randomDni()): string {
  for (const prefix of ['20', '27', '23', '24']) {
    for (let check = 0; check <= 9; check += 1) {
      const cuit = `${prefix}${dni.padStart(8, '0')}${check}`;
      if (hasValidCuitCheckDigit(cuit)) return cuit;
    }
  }
  throw new Error(`No CUIT for DNI ${dni}`);
}

/** The final registration payload with four freshly uploaded documents; fields may be overridden. */
export async function doctorRegistration(
  app: FastifyInstance, overrides: Partial<DoctorRegistration> = {},
): Promise<DoctorRegistration & { email: string; password: string }> {
  const dni = overrides.dni ?? randomDni();
  const attachments = overrides.attachments ?? {
    dniFront: await uploadedLocation(app, { content: samplePng, filename: `${Date.now()}_dniFront_frente.png` }),
    dniBack: await uploadedLocation(app, { content: sampleJpeg, filename: `${Date.now()}_dniBack_dorso.jpg` }),
    degreeCertificate: await uploadedLocation(app, { content: samplePdf, filename: `${Date.now()}_degreeCertificate_título.pdf` }),
    doctorEnrollmentLocation: await uploadedLocation(app, { content: samplePdf, filename: `${Date.now()}_doctorEnrollmentLocation_matrícula.pdf` }),
  };
  return {
    name: 'Ana',
    lastName: 'Pérez',
    birthDate: '1980-05-17',
    dni,
    cuit: validCuit(dni),
    phoneNumber: '1145678901',
    address: 'Av. Corrientes 1234',
    apartment: '5B',
    district: 'Balvanera',
    province: 'CABA',
    email: `medica-${randomUUID().slice(0, 8)}@receta.test`,
    password: 'Clave-Segura-2026',
    specialtyId: 1,
    jurisdictionCode: 'MN',
    doctorEnrollment: '123456',
    professionCode: '35',
    refepsCode: String(randomInt(1, 999_999_999)),
    termsAccepted: true,
    ...overrides,
    attachments,
  };
}

export interface RegisteredDoctor {
  id: string;
  email: string;
  password: string;
  registration: DoctorRegistration;
}

/** A doctor registered through `POST /api/auth/register`, waiting for a moderator. */
export async function registerDoctor(
  app: FastifyInstance, overrides: Partial<DoctorRegistration> = {},
): Promise<RegisteredDoctor> {
  const registration = await doctorRegistration(app, overrides);
  const response = await app.inject({
    method: 'POST', url: '/api/auth/register', payload: registration, remoteAddress: randomAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`Registration failed: ${response.body}`);
  const { user } = response.json<{ user: { id: string } }>();
  return { id: user.id, email: registration.email, password: registration.password, registration };
}

/** The newest mail written to `to`. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const [mail] = await app.db.select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`No mail to ${to}`);
  return mail;
}

/** The token of the `/confirmation/<token>` link in a mail's text. */
export function confirmationTokenIn(text: string): string {
  const token = /\/confirmation\/([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error('No confirmation link in the mail');
  return token;
}

/** Approves a doctor through the moderation API as `moderatorHeaders`; answers the mailed token. */
export async function authorizeDoctor(
  app: FastifyInstance, doctor: { id: string; email: string }, moderatorHeaders: Record<string, string>,
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: `/api/users/${doctor.id}/authorize`, headers: moderatorHeaders });
  if (response.statusCode !== 200) throw new Error(`Authorization failed: ${response.body}`);
  return confirmationTokenIn((await lastMailTo(app, doctor.email)).text);
}
