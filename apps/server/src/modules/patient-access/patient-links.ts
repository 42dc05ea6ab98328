import { randomBytes } from 'node:crypto';
import { addDays } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import { findPrescriptionIdOfLink, insertPatientLinkToken } from './patient-access.repository.ts';

/**
 * The instant a prescription's last day ends in Argentina (UTC-3 all year): the link works
 * while the prescription may still be dispensed.
 */
export function endOfDayInArgentina(date: string): Date {
  return new Date(`${addDays(date, 1)}T00:00:00-03:00`);
}

/** A new link for the patient; only its hash is stored, so a copy of the database opens nothing. */
export async function issuePatientLink(
  db: Database, prescription: { id: string; expiryDate: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertPatientLinkToken(db, {
    tokenHash: hashToken(token),
    prescriptionId: prescription.id,
    expiresAt: endOfDayInArgentina(prescription.expiryDate),
  });
  return token;
}

/** The prescription a live link opens, or null for an unknown or expired token. */
export function prescriptionIdOfLink(db: Database, token: string, now: Date): Promise<string | null> {
  return findPrescriptionIdOfLink(db, hashToken(token), now);
}

/** The page of the web app where the patient opens their prescription. */
export function patientLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/p/${token}`;
}
