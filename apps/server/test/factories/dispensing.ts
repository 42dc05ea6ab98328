import { createHash, randomInt } from 'node:crypto';
import { composeCuir, cuirGroupOf, cuirItemOf, medicationSubtypeCodes } from '@receta/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { prescriptionDocuments, prescriptionItems, prescriptions } from '../../src/db/schema/index.ts';
import { signPrescriptionPdf } from '../../src/platform/pdf/index.ts';
import { createPrescription, type PrescriptionOptions } from './prescriptions.ts';
import { prescriptionToPrint } from './signing.ts';

const crockfordDigits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A code as the signing step prints it under the QR code: 16 characters of Crockford base 32. */
export function randomVerificationCode(): string {
  return Array.from({ length: 16 }, () => crockfordDigits[randomInt(crockfordDigits.length)]).join('');
}

export interface SignedPrescriptionOptions extends PrescriptionOptions {
  /** Units prescribed of each item (1 by default). */
  quantity?: number;
  /** Leave out the signed PDF, or store these bytes in its place. */
  pdf?: 'none' | ((signed: Buffer) => Buffer);
}

/**
 * A signed prescription with its verification code and a PDF signed with the doctor's
 * credential from the platform CA, as the signing step stores them. `doctorUserId` must be
 * a prescribing doctor (createPrescribingDoctor). Answers the row and its code.
 */
export async function createSignedPrescription(app: FastifyInstance, options: SignedPrescriptionOptions) {
  // Written as a draft first: once signed, the database refuses any change but its state.
  const draft = await createPrescription(app, { ...options, state: 'draft' });
  const verificationCode = randomVerificationCode();
  if (options.quantity !== undefined) {
    await app.db.update(prescriptionItems)
      .set({ quantity: options.quantity })
      .where(eq(prescriptionItems.prescriptionId, draft.id));
  }
  const signed = options.pdf === 'none' ? null : await signedPdfOf(app, options.doctorUserId, draft, verificationCode);
  const pdf = signed && typeof options.pdf === 'function' ? options.pdf(signed) : signed;
  // Taken once the PDF is signed, whatever the issue date says: a pharmacy's check asks whether
  // the doctor's certificate was valid at the signing time, and the first signature issues it.
  const signedAt = new Date();
  if (pdf) {
    await app.db.insert(prescriptionDocuments).values({
      prescriptionId: draft.id, pdf, sha256: createHash('sha256').update(pdf).digest('hex'), signedAt,
    });
  }
  const [prescription] = await app.db.update(prescriptions)
    .set({ state: options.state ?? 'signed', signedAt, verificationCode })
    .where(eq(prescriptions.id, draft.id))
    .returning();
  if (!prescription) throw new Error('Prescription not signed');
  return { ...prescription, verificationCode };
}

async function signedPdfOf(
  app: FastifyInstance, doctorUserId: string, draft: { id: string; number: number }, verificationCode: string,
): Promise<Buffer> {
  const signer = await app.signing.credentialFor(app.db, doctorUserId);
  const printed = prescriptionToPrint({ id: draft.id, number: draft.number });
  return Buffer.from(await signPrescriptionPdf(printed, {
    signer, signingTime: new Date(), verificationCode, verificationUrl: `https://receta.test/verificar/${verificationCode}`,
  }));
}

/**
 * Gives each item of a signed prescription its CUIR, as signing does, so that tests do not
 * depend on how the factory writes them. The trigger that keeps signed items unchanged steps aside.
 */
export async function giveCuirs(app: FastifyInstance, prescription: { id: string; number: number }): Promise<string[]> {
  const items = await app.db.select().from(prescriptionItems)
    .where(eq(prescriptionItems.prescriptionId, prescription.id)).orderBy(prescriptionItems.position);
  const cuirs = items.map((item) => composeCuir({
    platform: '0000', repository: '0000', jurisdiction: '14', type: '01', subtype: item.subtype === null ? '00' : medicationSubtypeCodes[item.subtype],
    group: cuirGroupOf(prescription.number), item: cuirItemOf(item.position),
  }));
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`alter table prescription_items disable trigger prescription_items_signed_immutable`);
    for (const [index, item] of items.entries()) {
      await tx.update(prescriptionItems).set({ cuir: cuirs[index] }).where(eq(prescriptionItems.id, item.id));
    }
    await tx.execute(sql`alter table prescription_items enable trigger prescription_items_signed_immutable`);
  });
  return cuirs;
}
