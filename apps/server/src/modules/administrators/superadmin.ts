import { defaultSuperadminEmail } from '@receta/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { generatePassword, hashSecret } from '../../platform/passwords.ts';
import { superadminRole } from '../roles/index.ts';

export interface SuperadminCredentials {
  email: string | undefined;
  password: string | undefined;
}

/**
 * Creates the first superadmin when the platform has none. Without configured credentials it
 * generates a password and hands it to `announce` once: it is never stored in clear or logged.
 * Answers whether an account was created.
 */
export async function ensureSuperadmin(
  db: Database,
  credentials: SuperadminCredentials,
  announce: (email: string, password: string) => void,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, superadminRole.slug)).for('update');
    if (!role) throw new Error('The superadmin role must exist before the superadmin');
    const [existing] = await tx.select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.roleId, role.id))
      .limit(1);
    if (existing) return false;

    const email = (credentials.email ?? defaultSuperadminEmail).toLowerCase();
    const password = credentials.password ?? generatePassword();
    const [user] = await tx.insert(users)
      .values({ email, passwordHash: await hashSecret(password), displayName: 'Superadministrador', status: 'active' })
      .returning({ id: users.id });
    if (!user) throw new Error('The superadmin was not created');
    await tx.insert(userRoles).values({ userId: user.id, roleId: role.id, position: 0 });
    if (!credentials.password) announce(email, password);
    return true;
  });
}
