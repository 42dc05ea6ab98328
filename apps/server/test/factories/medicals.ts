import { randomUUID } from 'node:crypto';
import type { MedicalCreateInput, MedicalDetail } from '@receta/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { randomDni, validCuit } from './doctors.ts';

/** The body of `POST /api/medicals` with a fresh DNI, CUIT and email; fields may be overridden. */
export function medicalInput(
  overrides: Partial<MedicalCreateInput> = {},
): MedicalCreateInput & { email: string; dni: string } {
  const dni = overrides.dni ?? randomDni();
  return {
    name: 'Julia',
    lastName: 'Ocampo',
    birthDate: '1975-03-02',
    dni,
    cuit: validCuit(dni),
    phoneNumber: '1143210987',
    address: 'Av. Santa Fe 2100',
    apartment: '',
    district: 'Recoleta',
    province: 'CABA',
    email: `medico-${randomUUID().slice(0, 8)}@receta.test`,
    specialtyId: 1,
    jurisdictionCode: 'MN',
    doctorEnrollment: '654321',
    professionCode: '35',
    refepsCode: '70012345',
    ...overrides,
  };
}

/** A doctor registered by an administrator through `POST /api/medicals`; answers the detail. */
export async function createMedical(
  app: FastifyInstance, adminHeaders: Record<string, string>, overrides: Partial<MedicalCreateInput> = {},
): Promise<MedicalDetail> {
  const response = await app.inject({ method: 'POST', url: '/api/medicals', headers: adminHeaders, payload: medicalInput(overrides) });
  if (response.statusCode !== 201) throw new Error(`Creating the medic failed: ${response.body}`);
  return response.json<MedicalDetail>();
}

/** Every mail written to `to`, oldest first. */
export function mailsTo(app: FastifyInstance, to: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
}
