import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decomposeCuir, type Verification } from '@receta/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughBothSteps, totpCodeFor } from '../../test/factories/second-factor.ts';
import { testAdmin } from '../../test/fixtures.ts';
import { useTestApp } from '../../test/helper.ts';
import { pdfsigTrusting } from '../../test/pdfsig.ts';
import {
  dispensations, doctors, medications, patients, prescriptionDocuments, prescriptionItems, prescriptions, users,
} from '../db/schema/index.ts';
import { FiscalizationRefusal } from './api-client.ts';
import { formatFiscalizationReport } from './fiscalization-report.ts';
import { seedFiscalization, type FiscalizationSummary } from './fiscalization-seed.ts';

const test = useTestApp();
let summary: FiscalizationSummary;
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-fiscalization-'));
  summary = await seedFiscalization(test.app, { superadmin: testAdmin });
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

function signedPrescriptions() {
  return test.app.db.select().from(prescriptions).where(isNotNull(prescriptions.signedAt));
}

describe('npm run seed:fiscalization', () => {
  it('issues and signs prescriptions of medicines, devices, and studies and practices', async () => {
    const rows = await test.app.db.select().from(prescriptions);
    expect(rows.length).toBe(summary.prescriptions.length);
    expect(rows.every((row) => row.signedAt !== null && row.state !== 'draft')).toBe(true);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['medication', 'device', 'practice']));
    const types = summary.prescriptions.map(({ prescription }) => decomposeCuir(prescription.items[0]!.cuir!)?.type);
    expect(new Set(types)).toEqual(new Set(['01', '02', '03']));
  });

  it('prescribes a medicine under each condition of sale a pharmacy dispenses, so every subtype of Annex I', async () => {
    const lines = await test.app.db
      .select({ saleCondition: medications.saleCondition, subtype: prescriptionItems.subtype })
      .from(prescriptionItems)
      .innerJoin(medications, eq(medications.id, prescriptionItems.medicationId));
    expect(new Set(lines.map((line) => line.saleCondition))).toEqual(new Set([
      'Venta Libre',
      'Bajo Receta',
      'Bajo Receta Archivada',
      'Bajo Receta Archivada (Psicotropicos Lista Iv)',
      'Bajo Receta Archivada (Psicotropicos Lista Iii)',
      'Bajo Receta Archivada (Estupefacientes Lista Iii)',
      'Bajo Receta Oficial(Psicotropicos Lista Ii)',
      'Bajo Receta Oficial (Estupefacientes Lista I)',
      'Bajo Receta Oficial Y Decreto',
    ]));
    expect(new Set(lines.map((line) => line.subtype))).toEqual(new Set(['free', 'prescription', 'archived', 'restricted']));
    const doctorRows = await test.app.db.select({ authorisedOn: doctors.restrictedAuthorisedOn }).from(doctors);
    expect(doctorRows).toEqual([{ authorisedOn: expect.any(String) as unknown }]);
  });

  it('prescribes to one patient under two coverages, and to a patient without coverage as Particular', async () => {
    const [severalCoverages, withoutCoverage] = summary.patients.map(({ patient }) => patient);
    const insurersOf = async (patientId: string) => (await test.app.db.select({ insurerId: prescriptions.insurerId })
      .from(prescriptions).where(eq(prescriptions.patientId, patientId))).map((row) => row.insurerId);
    expect(severalCoverages?.insurer?.slug).toBe('pami-500807');
    expect(new Set(await insurersOf(severalCoverages!.id))).toEqual(new Set(['rnos-500807', 'rnos-400800']));
    // Particular is no coverage: neither the record nor the prescription names an insurer.
    expect(withoutCoverage?.insurer).toBeNull();
    expect(await insurersOf(withoutCoverage!.id)).toEqual([null]);
  });

  it('signs for a foreign patient identified by passport instead of a CUIL', async () => {
    const [foreigner] = await test.app.db.select().from(patients).where(eq(patients.identityDocumentType, 'PASAPORTE'));
    expect(foreigner).toMatchObject({ cuil: null, identityDocumentNumber: 'C01X00T47' });
    const signed = await test.app.db.select().from(prescriptions).where(eq(prescriptions.patientId, foreigner!.id));
    expect(signed).toMatchObject([{ patientCuil: null, patientIdentityDocumentType: 'PASAPORTE', state: 'signed' }]);
  });

  it('issues a Receta Crónica as a series of three monthly prescriptions, all signed', async () => {
    const chronic = await test.app.db.select().from(prescriptions).where(eq(prescriptions.type, 'chronic'))
      .orderBy(prescriptions.seriesPosition);
    expect(chronic.map((row) => [row.seriesPosition, row.seriesLength])).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(new Set(chronic.map((row) => row.seriesId)).size).toBe(1);
    expect(chronic.every((row) => row.signedAt !== null)).toBe(true);
  });

  it('keeps a PDF signed with the doctor’s certificate for every signed prescription', async () => {
    const signed = await signedPrescriptions();
    const documents = await test.app.db.select().from(prescriptionDocuments)
      .where(inArray(prescriptionDocuments.prescriptionId, signed.map((row) => row.id)));
    expect(documents.length).toBe(signed.length);
    const pdfsig = await pdfsigTrusting(test.app.signing.ca.certificate, directory);
    const report = await pdfsig(documents[0]!.pdf, 'fiscalizacion.pdf');
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Certificate is Trusted.');
  });

  it('has the pharmacy account dispense one prescription whole and another in part', async () => {
    const [pharmacyUser] = await test.app.db.select().from(users).where(eq(users.email, summary.pharmacy.email));
    const dispensed = await test.app.db.select({ state: prescriptions.state }).from(dispensations)
      .innerJoin(prescriptionItems, eq(prescriptionItems.id, dispensations.itemId))
      .innerJoin(prescriptions, eq(prescriptions.id, prescriptionItems.prescriptionId))
      .where(eq(dispensations.pharmacyUserId, pharmacyUser!.id));
    expect(new Set(dispensed.map((row) => row.state))).toEqual(new Set(['dispensed', 'partially_dispensed']));
  });

  it('hands over verification codes the public page finds genuine', async () => {
    for (const { verificationCode, verificationUrl, prescription } of summary.prescriptions) {
      expect(verificationUrl).toBe(`${test.config.publicUrl}/verify/${verificationCode}`);
      const response = await test.app.inject({ method: 'GET', url: `/api/public/verifications/${verificationCode}` });
      expect(response.json<Verification>()).toMatchObject({ genuine: true, number: prescription.number });
    }
  });

  it('hands over accounts that sign in with their password and a code of their authenticator', async () => {
    for (const account of [summary.doctor, summary.pharmacy]) {
      const [user] = await test.app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
      // The seed spent this 30-second step's code; a person signs in with a later one.
      const signedIn = await signInThroughBothSteps(test.app, { id: user!.id, ...account }, { stepsAhead: 1 });
      expect(signedIn.user.email).toBe(account.email);
    }
    expect(summary.doctor.pin).toMatch(/^\d{4}$/);
    expect(new URL(summary.doctor.otpauthUri).searchParams.get('secret')).toBe(summary.doctor.totpSecret);
    expect(totpCodeFor(summary.superadmin.totpSecret)).toMatch(/^\d{6}$/);
  });

  it('prints each account to sign in with and each prescription’s verification link, not a configured password', () => {
    const report = formatFiscalizationReport(summary, {
      publicUrl: test.config.publicUrl, isSuperadminPasswordConfigured: true,
    });
    const { superadmin, doctor, pharmacy } = summary;
    for (const text of [superadmin.email, superadmin.totpSecret, superadmin.otpauthUri, doctor.email, doctor.password,
      doctor.pin, doctor.totpSecret, doctor.otpauthUri, pharmacy.email, pharmacy.password, pharmacy.otpauthUri]) {
      expect(report).toContain(text);
    }
    expect(report).not.toContain(superadmin.password);
    for (const { verificationUrl } of summary.prescriptions) expect(report).toContain(verificationUrl);
  });

  it('refuses a second run, changing nothing', async () => {
    const before = await test.app.db.$count(prescriptions);
    await expect(seedFiscalization(test.app, { superadmin: testAdmin })).rejects.toThrow(FiscalizationRefusal);
    await expect(seedFiscalization(test.app, { superadmin: testAdmin })).rejects.toThrow(/ya tiene 1 profesionales/);
    expect(await test.app.db.$count(prescriptions)).toBe(before);
    expect(await test.app.db.$count(doctors, and(eq(doctors.dni, '27463518')))).toBe(1);
  });
});
