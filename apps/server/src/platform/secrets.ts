import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { platformSecrets } from '../db/schema/index.ts';

/**
 * A random secret the platform makes for itself at first start and keeps in the database,
 * so that every server process signs and verifies with the same one.
 */
export async function ensurePlatformSecret(db: Database, name: string): Promise<Buffer> {
  await db.insert(platformSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [secret] = await db.select({ value: platformSecrets.value })
    .from(platformSecrets)
    .where(eq(platformSecrets.name, name));
  if (!secret) throw new Error(`The platform secret ${name} is missing`);
  return Buffer.from(secret.value, 'base64url');
}
