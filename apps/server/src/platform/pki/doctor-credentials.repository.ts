import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { doctorCredentials } from '../../db/schema/index.ts';

export type NewDoctorCredential = typeof doctorCredentials.$inferInsert;

/** The credential a doctor signs with: the one not revoked. */
export function findCredentialInUse(db: Database, userId: string) {
  return db.select({
    id: doctorCredentials.id,
    certificate: doctorCredentials.certificate,
    encryptedPrivateKey: doctorCredentials.encryptedPrivateKey,
    masterKeyId: doctorCredentials.masterKeyId,
  })
    .from(doctorCredentials)
    .where(and(eq(doctorCredentials.userId, userId), isNull(doctorCredentials.revokedAt)))
    .then(([row]) => row);
}

export type StoredCredential = NonNullable<Awaited<ReturnType<typeof findCredentialInUse>>>;

export async function revokeCredentialInUse(db: Database, userId: string): Promise<void> {
  await db.update(doctorCredentials)
    .set({ revokedAt: new Date() })
    .where(and(eq(doctorCredentials.userId, userId), isNull(doctorCredentials.revokedAt)));
}

/** Stores a credential unless the doctor already has one in use; says whether it did. */
export async function insertCredentialIfNone(db: Database, credential: NewDoctorCredential): Promise<boolean> {
  const inserted = await db.insert(doctorCredentials)
    .values(credential)
    .onConflictDoNothing()
    .returning({ id: doctorCredentials.id });
  return inserted.length > 0;
}
