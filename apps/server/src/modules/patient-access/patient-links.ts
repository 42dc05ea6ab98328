import { randomBytes } from 'node:crypto';
import { addDays } from '@receta/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patientLinkTokens } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/user-tokens.ts';

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
  await db.insert(patientLinkTokens).values({
    tokenHash: hashToken(token),
    prescriptionId: prescription.id,
    expiresAt: endOfDayInArgentina(prescription.expiryDate),
  });
  return token;
}

/** The prescription a live link opens, or null for an unknown or expired token. */
export async function prescriptionIdOfLink(db: Database, token: string, now: Date): Promise<string | null> {
  const [link] = await db.select({ prescriptionId: patientLinkTokens.prescriptionId })
    .from(patientLinkTokens)
    .where(and(eq(patientLinkTokens.tokenHash, hashToken(token)), gt(patientLinkTokens.expiresAt, now)));
  return link?.prescriptionId ?? null;
}

/** The page of the web app where the patient opens their prescription. */
export function patientLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/p/${token}`;
}
