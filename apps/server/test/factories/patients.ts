import type { Patient, PatientInput } from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import { createApprovedDoctor } from './approved-doctors.ts';
import { randomDni, validCuit } from './doctors.ts';
import { authorizationFor } from './users.ts';
import { createWorkspace, inWorkspace } from './workspaces.ts';

/** The body of `POST /api/patients` with a fresh DNI and its CUIL; fields may be overridden. */
export function patientInput(overrides: Partial<PatientInput> = {}): PatientInput & { dni: string } {
  const dni = overrides.dni ?? randomDni();
  return {
    name: 'Lucía',
    lastName: 'Fernández',
    dni,
    cuil: validCuit(dni),
    sex: 'F',
    dateOfBirth: '1962-08-30',
    insurerId: 'rnos-500807',
    affiliateNumber: '15-123456789-00',
    email: 'lucia.fernandez@correo.test',
    phone: '1156781234',
    address: 'Av. Rivadavia 5000, CABA',
    ...overrides,
  };
}

export interface DoctorInWorkspace {
  id: string;
  workspaceId: string;
  /** The authorization and `x-workspace` headers of the doctor working in their workspace. */
  headers: Record<string, string>;
}

/** An approved doctor signed in and working in a clinic of their own. */
export async function doctorInWorkspace(app: FastifyInstance): Promise<DoctorInWorkspace> {
  const doctor = await createApprovedDoctor(app);
  const workspace = await createWorkspace(app, { memberIds: [doctor.id] });
  return {
    id: doctor.id,
    workspaceId: workspace.id,
    headers: { ...await authorizationFor(app, doctor.id), ...inWorkspace(workspace.id) },
  };
}

/** A patient created through `POST /api/patients` with `headers` (which name the workspace). */
export async function createPatient(
  app: FastifyInstance, headers: Record<string, string>, overrides: Partial<PatientInput> = {},
): Promise<Patient> {
  const response = await app.inject({ method: 'POST', url: '/api/patients', headers, payload: patientInput(overrides) });
  if (response.statusCode !== 201) throw new Error(`Creating the patient failed: ${response.body}`);
  return response.json<Patient>();
}
