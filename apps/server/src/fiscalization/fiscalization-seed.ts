import { randomInt } from 'node:crypto';
import {
  todayInArgentina, type AccountRegistered, type DispenseResult, type MedicationListSchema, type Patient,
  type Prescription, type PrescriptionItemInput, type PrescriptionsCreated, type PrescriptionsSigned,
  type ScannedPrescription,
} from '@receta/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { doctors, prescriptions } from '../db/schema/index.ts';
import { generatePassword } from '../platform/passwords.ts';
import {
  callApi, FiscalizationRefusal, mailedToken, signInForTheFirstTime, UnexpectedAnswer, type SignedInAccount,
} from './api-client.ts';
import {
  doctorData, doctorEmail, patientCases, pharmacyEmail, pharmacyName, prescriptionCases, prescriptionInputOf,
  restrictedAuthorisationNote, type DispensingCase, type MedicineLine, type PatientCaseKey, type PrescriptionCase,
} from './fiscalization-cases.ts';

/** What a person needs to sign in with an account the seed made. */
export interface AccountCredentials {
  email: string;
  password: string;
  totpSecret: string;
  otpauthUri: string;
}

export interface SeededPrescription {
  /** The case of Annex I it stands for. */
  label: string;
  /** As the API shows it once signed and, for some, dispensed. */
  prescription: Prescription;
  /** The ANMAT condition of sale of each line; null for devices and practices. */
  saleConditions: Array<string | null>;
  /** The code printed under the QR code, and the public page it opens. */
  verificationCode: string;
  verificationUrl: string;
  dispensing: DispensingCase | null;
}

export interface FiscalizationSummary {
  superadmin: AccountCredentials;
  doctor: AccountCredentials & { userId: string; name: string; pin: string };
  pharmacy: AccountCredentials & { userId: string; name: string };
  patients: Array<{ label: string; patient: Patient }>;
  prescriptions: SeededPrescription[];
}

/**
 * Refuses a database that already holds doctors or prescriptions: the fictitious cases must
 * never mix with a clinic's records.
 */
export async function assertFreshDatabase(db: Database): Promise<void> {
  const doctorCount = await db.$count(doctors);
  const prescriptionCount = await db.$count(prescriptions);
  if (doctorCount > 0 || prescriptionCount > 0) {
    throw new FiscalizationRefusal([
      `La base de datos ya tiene ${doctorCount} profesionales y ${prescriptionCount} recetas.`,
      'El entorno de fiscalización se carga solo en una base nueva, para no mezclarse con datos reales:',
      'use un DATA_DIR vacío o, con DATABASE_URL, una base de PostgreSQL recién creada.',
    ].join('\n'));
  }
}

/** A one-page PDF that says what it stands for: the documents a registration and an authorisation upload. */
async function fictitiousDocument(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 50, y: 770, size: 20, font });
  page.drawText('Documento ficticio del entorno de fiscalización (Disp. DNSISA 1/2025, Anexo I).', {
    x: 50, y: 740, size: 11, font,
  });
  return Buffer.from(await pdf.save());
}

/** Uploads a document as the registration form does; answers its location. */
async function uploadDocument(app: FastifyInstance, filename: string, title: string): Promise<string> {
  const form = new FormData();
  form.append('doctorAttachment', new Blob([await fictitiousDocument(title)], { type: 'application/pdf' }), filename);
  const encoded = new Response(form);
  const { attachment } = await callApi<{ attachment: { location: string } }>(app, {
    method: 'POST',
    url: '/api/doctors/uploadFile',
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
    expected: 201,
  });
  return attachment.location;
}

/** The registration form names each document `<timestamp>_<field>_<file name>`. */
function registrationFileName(field: string, name: string): string {
  return `${Date.now()}_${field}_${name}`;
}

/**
 * The doctor's whole path: registration with the four documents, the superadmin's approval and
 * record of the authorisation to prescribe restricted medicines, the PIN set from the mailed
 * link, and the first login with the authenticator.
 */
async function admitDoctor(app: FastifyInstance, superadmin: SignedInAccount) {
  const attachments = {
    dniFront: await uploadDocument(app, registrationFileName('dniFront', 'dni-frente.pdf'), 'DNI, frente'),
    dniBack: await uploadDocument(app, registrationFileName('dniBack', 'dni-dorso.pdf'), 'DNI, dorso'),
    degreeCertificate: await uploadDocument(app, registrationFileName('degreeCertificate', 'titulo.pdf'), 'Título de médica'),
    doctorEnrollmentLocation: await uploadDocument(
      app, registrationFileName('doctorEnrollmentLocation', 'matricula.pdf'), 'Matrícula profesional',
    ),
  };
  const password = generatePassword();
  const { user } = await callApi<AccountRegistered>(app, {
    method: 'POST', url: '/api/auth/register', payload: { ...doctorData, password, attachments }, expected: 201,
  });
  await callApi(app, { method: 'POST', url: `/api/users/${user.id}/authorize`, headers: superadmin.headers });
  await callApi(app, {
    method: 'PUT',
    url: `/api/medicals/${user.id}/restricted-authorisation`,
    headers: superadmin.headers,
    payload: {
      authorisedOn: todayInArgentina(),
      evidence: await uploadDocument(app, 'autorizacion-expendio-restringido.pdf', restrictedAuthorisationNote),
    },
  });
  const pin = String(randomInt(10_000)).padStart(4, '0');
  const token = await mailedToken(app, superadmin, doctorEmail, 'confirmation');
  await callApi(app, { method: 'PUT', url: `/api/auth/confirmation/doctors/${token}`, payload: { PIN: pin } });
  const account = await signInForTheFirstTime(app, { email: doctorEmail, password });
  // Approval opened the doctor's own practice, the only workspace they have.
  const [workspace] = account.session.workspaces;
  if (!workspace) throw new Error('The approved doctor has no workspace');
  return { account, pin, headers: { ...account.headers, 'x-workspace': workspace.id } };
}

/** A pharmacy account created by the superadmin, whose user chooses the password from the mailed invitation. */
async function admitPharmacy(app: FastifyInstance, superadmin: SignedInAccount): Promise<SignedInAccount> {
  await callApi(app, {
    method: 'POST',
    url: '/api/administrators',
    headers: superadmin.headers,
    payload: { email: pharmacyEmail, displayName: pharmacyName, roles: ['pharmacy'] },
    expected: 201,
  });
  const token = await mailedToken(app, superadmin, pharmacyEmail, 'invitation');
  const password = generatePassword();
  await callApi(app, { method: 'POST', url: `/api/auth/invitation/${token}`, payload: { password } });
  return signInForTheFirstTime(app, { email: pharmacyEmail, password });
}

/** Vademecum conditions compared as written in any release: without case or spaces. */
function comparable(saleCondition: string | null): string {
  return (saleCondition ?? '').toLowerCase().replace(/\s+/g, '');
}

/** The medicine as the doctor picks it from the search: the first presentation sold under the wanted condition. */
async function findMedicine(
  app: FastifyInstance, headers: Record<string, string>, line: MedicineLine,
): Promise<PrescriptionItemInput & { saleCondition: string | null }> {
  const query = new URLSearchParams({ q: line.search, limit: '50' });
  const { payload } = await callApi<z.infer<typeof MedicationListSchema>>(app, {
    method: 'GET', url: `/api/medications?${query.toString()}`, headers,
  });
  const wanted = comparable(line.saleCondition);
  const medication = payload.find((found) => found.genericName && comparable(found.saleCondition) === wanted);
  if (!medication?.genericName) {
    throw new Error(`The vademecum has no "${line.search}" sold as "${line.saleCondition}"`);
  }
  return {
    medicationId: medication.id,
    genericName: medication.genericName,
    brandName: medication.brandName,
    strength: medication.strength,
    pharmaceuticalForm: medication.pharmaceuticalForm,
    presentation: medication.presentation,
    quantity: line.quantity,
    dosage: line.dosage,
    saleCondition: medication.saleCondition,
  };
}

/** Issues a case's prescription (a chronic case's whole series) as drafts, with each line's condition of sale. */
async function issuePrescription(
  app: FastifyInstance, headers: Record<string, string>, prescription: PrescriptionCase, patientId: string,
) {
  const medicines = [];
  for (const line of prescription.medicines ?? []) medicines.push(await findMedicine(app, headers, line));
  const items = medicines.length > 0
    ? medicines.map(({ saleCondition: _saleCondition, ...item }) => item)
    : prescription.items ?? [];
  const created = await callApi<PrescriptionsCreated>(app, {
    method: 'POST',
    url: '/api/prescriptions',
    headers,
    payload: prescriptionInputOf(prescription, patientId, items),
    expected: 201,
  });
  const saleConditions = medicines.length > 0
    ? medicines.map((medicine) => medicine.saleCondition)
    : items.map(() => null);
  return created.prescriptions.map((draft) => ({ draft, saleConditions }));
}

/** The pharmacy finds the prescription as a case says (the QR's code, or a CUIR typed in) and dispenses. */
async function dispense(
  app: FastifyInstance, pharmacy: SignedInAccount, seeded: SeededPrescription, how: DispensingCase,
): Promise<Prescription> {
  const [firstLine] = seeded.prescription.items;
  if (!firstLine?.cuir) throw new Error('A signed prescription has no CUIR');
  const lookup = how === 'whole-by-code' ? seeded.verificationCode : firstLine.cuir;
  const scanned = await callApi<ScannedPrescription>(app, { method: 'GET', url: `/api/scanner/${lookup}`, headers: pharmacy.headers });
  const result = await callApi<DispenseResult>(app, {
    method: 'POST',
    url: `/api/prescriptions/${scanned.prescription.id}/dispense`,
    headers: pharmacy.headers,
    payload: how === 'whole-by-code' ? { all: true } : { items: [{ itemId: firstLine.id, quantity: firstLine.quantity }] },
  });
  return result.prescription;
}

function credentialsOf(account: SignedInAccount): AccountCredentials {
  const { email, password, totpSecret, otpauthUri } = account;
  return { email, password, totpSecret, otpauthUri };
}

/**
 * Fills a fresh database with the cases of Disp. DNSISA 1/2025 Annex I through the API, as
 * people would: the superadmin approves a doctor and creates a pharmacy account, the doctor
 * registers patients, issues and signs prescriptions with the PIN, and the pharmacy dispenses.
 * Answers the accounts and prescriptions made, for the auditors' handover.
 */
export async function seedFiscalization(
  app: FastifyInstance, options: { superadmin: { email: string; password: string } },
): Promise<FiscalizationSummary> {
  await assertFreshDatabase(app.db);
  const superadmin = await signInForTheFirstTime(app, options.superadmin).catch((error: unknown) => {
    if (!(error instanceof UnexpectedAnswer)) throw error;
    throw new FiscalizationRefusal(`No se pudo ingresar como superadministrador (${options.superadmin.email}): `
      + 'revise ADMIN_EMAIL y ADMIN_PASSWORD.');
  });
  const doctor = await admitDoctor(app, superadmin);
  const pharmacy = await admitPharmacy(app, superadmin);

  const patients = new Map<PatientCaseKey, Patient>();
  for (const [key, { input }] of Object.entries(patientCases) as Array<[PatientCaseKey, { input: object }]>) {
    patients.set(key, await callApi<Patient>(app, {
      method: 'POST', url: '/api/patients', headers: doctor.headers, payload: input, expected: 201,
    }));
  }

  const drafts: Array<{ case: PrescriptionCase; draft: Prescription; saleConditions: Array<string | null> }> = [];
  for (const prescription of prescriptionCases) {
    const patient = patients.get(prescription.patient);
    if (!patient) throw new Error(`No patient for ${prescription.patient}`);
    for (const issued of await issuePrescription(app, doctor.headers, prescription, patient.id)) {
      drafts.push({ case: prescription, ...issued });
    }
  }
  // One PIN for every draft, as the doctor's list signs them; a chronic series is signed whole.
  const { prescriptions: signed } = await callApi<PrescriptionsSigned>(app, {
    method: 'POST',
    url: '/api/prescriptions/sign',
    headers: doctor.headers,
    payload: { ids: drafts.map(({ draft }) => draft.id), pin: doctor.pin },
  });
  // The doctor's API does not show the code printed under the QR code; the PDF carries it.
  const codes = new Map((await app.db.select({ id: prescriptions.id, code: prescriptions.verificationCode })
    .from(prescriptions)
    .where(inArray(prescriptions.id, signed.map(({ id }) => id)))).map(({ id, code }) => [id, code]));

  const seeded: SeededPrescription[] = drafts.map(({ case: prescriptionCase, draft, saleConditions }) => {
    const prescription = signed.find(({ id }) => id === draft.id);
    const verificationCode = codes.get(draft.id);
    if (!prescription || !verificationCode) throw new Error(`Prescription ${draft.number} was not signed`);
    return {
      label: prescriptionCase.label,
      prescription,
      saleConditions,
      verificationCode,
      verificationUrl: `${app.config.publicUrl}/verify/${verificationCode}`,
      // A series is dispensed from its first month, the one valid today.
      dispensing: prescription.seriesPosition === 1 ? prescriptionCase.dispensing ?? null : null,
    };
  });
  for (const entry of seeded) {
    if (entry.dispensing) entry.prescription = await dispense(app, pharmacy, entry, entry.dispensing);
  }

  for (const account of [superadmin, doctor.account, pharmacy]) {
    await callApi(app, { method: 'POST', url: '/api/auth/logout', headers: account.headers });
  }
  return {
    superadmin: credentialsOf(superadmin),
    doctor: {
      ...credentialsOf(doctor.account),
      userId: doctor.account.userId,
      name: `${doctorData.name} ${doctorData.lastName}`,
      pin: doctor.pin,
    },
    pharmacy: { ...credentialsOf(pharmacy), userId: pharmacy.userId, name: pharmacyName },
    patients: [...patients].map(([key, patient]) => ({ label: patientCases[key].label, patient })),
    prescriptions: seeded,
  };
}
