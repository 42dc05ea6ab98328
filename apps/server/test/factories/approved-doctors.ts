import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { doctors } from '../../src/db/schema/index.ts';
import { randomDni, validCuit } from './doctors.ts';
import { enrolAuthenticator } from './second-factor.ts';
import { createUser, type CreatedUser, type UserOptions } from './users.ts';

export interface ApprovedDoctorOptions extends UserOptions {
  /** argon2id hash of the signing PIN; none by default, as before the confirmation link. */
  pinHash?: string | null;
  pinFailedAttempts?: number;
  /** The authenticator set up, as after the first login; external apps need it. */
  hasAuthenticator?: boolean;
  /** The Licencia Sanitaria Federal; a random one by default, null as for a doctor registered before it. */
  refepsCode?: string | null;
  /** The date a moderator recorded the authorisation to prescribe restricted medicines; none by default. */
  restrictedAuthorisedOn?: string | null;
}

/**
 * An approved doctor (role fds.medical, active) with a professional record, straight in the
 * database, for tests that are not about registration or moderation.
 */
export async function createApprovedDoctor(
  app: FastifyInstance, options: ApprovedDoctorOptions = {},
): Promise<CreatedUser> {
  const {
    pinHash = null, pinFailedAttempts = 0, hasAuthenticator = false, refepsCode = String(randomInt(100_000, 999_999)),
    restrictedAuthorisedOn = null, ...userOptions
  } = options;
  const user = await createUser(app, { roles: ['fds.medical'], ...userOptions });
  const dni = randomDni();
  await app.db.insert(doctors).values({
    userId: user.id,
    name: 'Ana',
    lastName: 'Pérez',
    birthDate: '1980-05-17',
    dni,
    cuit: validCuit(dni),
    phoneNumber: '1145678901',
    address: 'Av. Corrientes 1234',
    district: 'Balvanera',
    province: 'CABA',
    specialtyId: 1,
    jurisdictionCode: 'MN',
    enrollment: '123456',
    professionCode: '35',
    pinHash,
    pinFailedAttempts,
    refepsCode,
    restrictedAuthorisedOn,
    reviewedAt: new Date(),
  });
  if (hasAuthenticator) await enrolAuthenticator(app, user.id);
  return user;
}
