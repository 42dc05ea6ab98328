import { randomUUID } from 'node:crypto';
import {
  composeCuir, cuirGroupOf, cuirItemOf, expiryDateOf, medicationSubtypeCodes, todayInArgentina, type MedicationSubtype,
  type Allergy, type Prescriber, type PrescriptionInput, type PrescriptionState, type PrescriptionType,
} from '@receta/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { patients, prescriptionItems, prescriptions } from '../../src/db/schema/index.ts';
import { normalizeForSearch } from '../../src/db/search-text.ts';
import { hashSecret } from '../../src/platform/passwords.ts';
import { createApprovedDoctor } from './approved-doctors.ts';
import { randomDni, validCuit } from './doctors.ts';
import { authorizationFor } from './users.ts';
import { inWorkspace } from './workspaces.ts';

/** Vademecum rows and CIE-10 codes the shipped reference data hold. */
export const sampleMedications = {
  enalapril: { medicationId: 510, genericName: 'Enalapril Maleato', presentation: 'Envase Por 50 Unidades' },
  metformin: { medicationId: 2797, genericName: 'Metformina Clorhidrato', presentation: 'Blister Por 30 Unidades' },
  /** A psychotropic of list IV, "Bajo Receta Archivada": archived. */
  clonazepam: { medicationId: 27659, genericName: 'Clonazepam', presentation: 'Blister Por 30 Unidades' },
  /** A psychotropic of list II, "Bajo Receta Oficial": legally restricted. */
  methylphenidate: { medicationId: 133604, genericName: 'Metilfenidato Clorhidrato', presentation: '1 Blister Por 30 Unidades' },
} as const;
export const sampleDiagnosisCode = 'I10';

/** An approved doctor with a signing PIN, who may prescribe. */
export async function createPrescribingDoctor(app: FastifyInstance) {
  return createApprovedDoctor(app, { pinHash: await hashSecret('1234') });
}

/** The headers of a user signed in and working in a workspace. */
export async function headersIn(
  app: FastifyInstance, userId: string, workspaceId: string,
): Promise<Record<string, string>> {
  return { ...await authorizationFor(app, userId), ...inWorkspace(workspaceId) };
}

/** The body of `POST /api/prescriptions`: a Receta Única of enalapril for a PAMI patient. */
export function prescriptionInput(patientId: string, overrides: Partial<PrescriptionInput> = {}): PrescriptionInput {
  return {
    patientId,
    insurerSlug: 'pami-500807',
    affiliateNumber: '15-123456789-00',
    diagnosisCode: sampleDiagnosisCode,
    type: 'classic',
    items: [{ ...sampleMedications.enalapril, quantity: 1, dosage: '1 comprimido cada 12 horas' }],
    ...overrides,
  };
}

export interface PatientRecordOptions {
  workspaceId: string;
  name?: string;
  lastName?: string;
  dni?: string;
  insurerId?: string | null;
  affiliateNumber?: string | null;
  /** The DNI's CUIL by default; null as for a patient saved before it was required. */
  cuil?: string | null;
  address?: string | null;
  allergies?: Allergy[];
}

/** A patient straight in the database, for tests that are not about the patients' routes. */
export async function createPatientRecord(app: FastifyInstance, options: PatientRecordOptions) {
  const { workspaceId, name = 'Juana', lastName = 'Gómez', dni = randomDni(), insurerId = null, affiliateNumber = null } = options;
  const [patient] = await app.db.insert(patients).values({
    workspaceId,
    name,
    lastName,
    dni,
    cuil: options.cuil === undefined ? validCuit(dni) : options.cuil,
    address: options.address ?? null,
    allergies: options.allergies ?? [],
    sex: 'F',
    dateOfBirth: '1960-02-14',
    insurerId,
    affiliateNumber,
    searchText: normalizeForSearch(lastName, name, dni),
  }).returning();
  if (!patient) throw new Error('Patient not created');
  return patient;
}

export interface PrescriptionOptions {
  workspaceId: string;
  doctorUserId: string;
  /** A new patient of the workspace when none is given. */
  patientId?: string;
  state?: PrescriptionState;
  type?: PrescriptionType;
  seriesId?: string;
  seriesPosition?: number;
  seriesLength?: number;
  issuedOn?: string;
  /** The issue date by default. */
  startDate?: string;
  insurerId?: string | null;
  /** Hipertensión esencial (I10) by default. */
  diagnosis?: { code: string; description: string };
  items?: Array<{
    medicationId?: number | null; genericName: string; presentation?: string; subtype?: MedicationSubtype;
  }>;
}

/** The prescriber snapshot of a test prescription; its data need not match the doctor's record. */
function samplePrescriber(userId: string): Prescriber {
  return {
    userId,
    name: 'Ana',
    lastName: 'Pérez',
    cuit: '20123456786',
    licenceType: 'MN',
    enrollment: '123456',
    jurisdiction: 'Nacional (Ministerio de Salud de la Nación)',
    profession: 'Médico',
    specialty: 'Clínica Médica',
    address: 'Av. Corrientes 1234, Balvanera, CABA',
    jurisdictionCode: 'MN',
    refepsCode: '123456',
    licenceIssuer: 'Ministerio de Salud de la Nación',
    email: null,
    phone: null,
    restrictedAuthorisedOn: null,
  };
}

/** The CUIR a test prescription's item gets once signed: unregistered codes, a national licence. */
function sampleCuirOf(number: number, position: number, subtype: MedicationSubtype): string {
  return composeCuir({
    platform: '0000', repository: '0000', jurisdiction: '00', type: '01', subtype: medicationSubtypeCodes[subtype],
    group: cuirGroupOf(number), item: cuirItemOf(position),
  });
}

/**
 * A prescription straight in the database, a draft by default; `state: 'signed'` makes one
 * a pharmacy could dispense, its items with their CUIRs. Answers the stored row.
 */
export async function createPrescription(app: FastifyInstance, options: PrescriptionOptions) {
  const patientId = options.patientId ?? (await createPatientRecord(app, { workspaceId: options.workspaceId })).id;
  const [patient] = await app.db.select().from(patients).where(eq(patients.id, patientId));
  if (!patient) throw new Error(`No patient ${patientId}`);
  const issuedOn = options.issuedOn ?? todayInArgentina();
  const startDate = options.startDate ?? issuedOn;
  const state = options.state ?? 'draft';
  const [prescription] = await app.db.insert(prescriptions).values({
    workspaceId: options.workspaceId,
    doctorUserId: options.doctorUserId,
    type: options.type ?? 'classic',
    state,
    seriesId: options.seriesId ?? randomUUID(),
    seriesPosition: options.seriesPosition ?? 1,
    seriesLength: options.seriesLength ?? 1,
    issuedOn,
    startDate,
    expiryDate: expiryDateOf(startDate, 'medication'),
    patientId,
    patientName: patient.name,
    patientLastName: patient.lastName,
    patientDni: patient.dni,
    patientCuil: patient.cuil,
    patientIdentityDocumentType: patient.identityDocumentType,
    patientIdentityDocumentNumber: patient.identityDocumentNumber,
    patientAddress: patient.address,
    patientSex: patient.sex,
    patientDateOfBirth: patient.dateOfBirth,
    insurerId: options.insurerId ?? null,
    affiliateNumber: options.insurerId ? '123456789' : null,
    diagnosisCode: options.diagnosis?.code ?? sampleDiagnosisCode,
    diagnosisDescription: options.diagnosis?.description ?? 'Hipertensión esencial (primaria)',
    prescriber: samplePrescriber(options.doctorUserId),
    signedAt: state === 'draft' ? null : new Date(`${issuedOn}T12:00:00-03:00`),
  }).returning();
  if (!prescription) throw new Error('Prescription not created');
  const items: NonNullable<PrescriptionOptions['items']> = options.items ?? [sampleMedications.enalapril];
  await app.db.insert(prescriptionItems).values(items.map((item, index) => {
    const subtype = item.subtype ?? 'prescription';
    return {
      prescriptionId: prescription.id,
      position: index + 1,
      medicationId: item.medicationId ?? null,
      genericName: item.genericName,
      presentation: item.presentation ?? 'Envase Por 30 Unidades',
      quantity: 1,
      dosage: '1 comprimido por día',
      subtype,
      cuir: state === 'draft' ? null : sampleCuirOf(prescription.number, index + 1, subtype),
    };
  }));
  return prescription;
}
