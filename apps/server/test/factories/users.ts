import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccountStatus } from '@receta/domain';
import { roles, sessions, userRoles, users } from '../../src/db/schema/index.ts';
import { hashSecret } from '../../src/platform/passwords.ts';

export interface UserOptions {
  email?: string;
  password?: string;
  displayName?: string;
  status?: AccountStatus;
  /** Role slugs in order; the first is the user's main role. */
  roles?: string[];
}

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
}

/** A user straight in the database, with its roles, for tests that are not about registration. */
export async function createUser(app: FastifyInstance, options: UserOptions = {}): Promise<CreatedUser> {
  const email = options.email ?? `usuario-${randomUUID().slice(0, 8)}@receta.test`;
  const password = options.password ?? 'Clave-Segura-2026';
  const [user] = await app.db.insert(users).values({
    email,
    passwordHash: await hashSecret(password),
    displayName: options.displayName ?? 'Usuario de prueba',
    status: options.status ?? 'active',
  }).returning({ id: users.id });
  if (!user) throw new Error('User not created');
  const slugs = options.roles ?? [];
  if (slugs.length > 0) {
    const found = await app.db.select({ id: roles.id, slug: roles.slug }).from(roles).where(inArray(roles.slug, slugs));
    await app.db.insert(userRoles).values(slugs.map((slug, position) => {
      const role = found.find((candidate) => candidate.slug === slug);
      if (!role) throw new Error(`No role ${slug}`);
      return { userId: user.id, roleId: role.id, position };
    }));
  }
  return { id: user.id, email, password };
}

/**
 * An access token for the user, as if they had completed both login steps, so that tests of
 * other features need not walk through the login.
 */
export async function signIn(app: FastifyInstance, userId: string): Promise<string> {
  const [session] = await app.db.insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + 60 * 60_000) })
    .returning({ id: sessions.id });
  if (!session) throw new Error('Session not created');
  return app.tokens.sign('access', { sub: userId, sid: session.id }, 60 * 60);
}

/** The authorization header of a signed-in user, for `app.inject`. */
export async function authorizationFor(app: FastifyInstance, userId: string): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await signIn(app, userId)}` };
}

/** The seeded superadmin's id. */
export async function superadminId(app: FastifyInstance, email: string): Promise<string> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error('No superadmin');
  return user.id;
}
