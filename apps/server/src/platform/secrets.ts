import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { platformSecrets } from '../db/schema/index.ts';

/**
 * A value the platform makes for itself (by `make`) the first time it is asked for and keeps
 * in the database, so that every server process signs and verifies with the same one.
 */
export async function ensurePlatformValue(db: Database, name: string, make: () => string): Promise<string> {
  await db.insert(platformSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [secret] = await db.select({ value: platformSecrets.value })
    .from(platformSecrets)
    .where(eq(platformSecrets.name, name));
  if (!secret) throw new Error(`The platform secret ${name} is missing`);
  return secret.value;
}

/** A random 256-bit secret of the platform (see ensurePlatformValue). */
export async function ensurePlatformSecret(db: Database, name: string): Promise<Buffer> {
  const value = await ensurePlatformValue(db, name, () => randomBytes(32).toString('base64url'));
  return Buffer.from(value, 'base64url');
}
