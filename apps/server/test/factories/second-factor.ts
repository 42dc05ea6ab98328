import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import type { AuthenticityClaims, SignedIn } from '@receta/domain';
import { users } from '../../src/db/schema/index.ts';
import { createTotpSecret } from '../../src/modules/auth/index.ts';

let nextAddress = 1;

/** A client address of its own, so that lock-outs of one test never reach another. */
export function freshAddress(): string {
  const address = nextAddress++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now.
 * A later step lets a test sign the same user in again without replaying an accepted code.
 */
export function totpCodeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A code the server refuses for `secret`: none of the steps it would accept now. */
export function wrongTotpCodeFor(secret: string): string {
  const accepted = new Set([-1, 0, 1].map((steps) => totpCodeFor(secret, steps)));
  let candidate = 0;
  while (accepted.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

/** The payload of a login step one answer. */
export function authenticityClaimsOf(authenticityToken: string): AuthenticityClaims {
  return decodeJwt<AuthenticityClaims>(authenticityToken);
}

/** Sets up the user's authenticator as a first login would; answers its secret. */
export async function enrolAuthenticator(app: FastifyInstance, userId: string): Promise<string> {
  const secret = createTotpSecret();
  await app.db.update(users).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(users.id, userId));
  return secret;
}

/**
 * A code the server accepts now for the user's authenticator. The last accepted step is
 * forgotten first, as if the next 30-second step had come, so that a test may pass the second
 * factor for one user several times without waiting.
 */
export async function acceptedTotpCodeFor(app: FastifyInstance, userId: string): Promise<string> {
  await app.db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
  return totpCodeFor(await totpSecretOf(app, userId));
}

/** The stored TOTP secret of a user, pending or enrolled. */
export async function totpSecretOf(app: FastifyInstance, userId: string): Promise<string> {
  const [user] = await app.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, userId));
  if (!user?.totpSecret) throw new Error('The user has no TOTP secret yet');
  return user.totpSecret;
}

/** Both login steps through the API, as the web app does them; answers step two's body. */
export async function signInThroughBothSteps(
  app: FastifyInstance,
  credentials: { id: string; email: string; password: string },
  options: { stepsAhead?: number; remoteAddress?: string } = {},
): Promise<SignedIn> {
  const remoteAddress = options.remoteAddress ?? freshAddress();
  const login = await app.inject({
    method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: credentials.email, password: credentials.password },
  });
  if (login.statusCode !== 200) throw new Error(`Login step one failed: ${login.body}`);
  const { authenticityToken } = login.json<{ authenticityToken: string }>();
  const secondStep = await app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    remoteAddress,
    headers: { authorization: `Bearer ${authenticityToken}` },
    payload: { token: totpCodeFor(await totpSecretOf(app, credentials.id), options.stepsAhead) },
  });
  if (secondStep.statusCode !== 200) throw new Error(`Login step two failed: ${secondStep.body}`);
  return secondStep.json<SignedIn>();
}
