import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const expiresAt = () => timestamp({ withTimezone: true }).notNull();
const scopes = () => text().array().notNull().default(sql`'{}'::text[]`);

/**
 * An external app registered by the superadmin. Its secret (confidential clients only) is a
 * random 256-bit value stored as its SHA-256: a hash that slow is not needed for a secret that
 * long, and the token endpoint stays fast.
 */
export const oauthClients = pgTable('oauth_clients', {
  id: uuid().primaryKey().defaultRandom(),
  clientId: text().notNull().unique(),
  secretHash: text(),
  kind: text({ enum: ['confidential', 'public'] }).notNull(),
  name: text().notNull(),
  logoUri: text(),
  /** Matched exactly, character for character (RFC 9700 section 4.1.3). */
  redirectUris: text().array().notNull(),
  redirectUriLabel: text().notNull(),
  allowedScopes: scopes(),
  /** A sandbox client signs with the test certificate, whose signatures say so. */
  sandbox: boolean().notNull().default(false),
  /**
   * The pharmacy account a pharmacy system dispenses for (client-credentials grant,
   * docs/decisions/043): its dispensations are recorded under this user. Null for other apps.
   */
  pharmacyUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

/** A user's consent to an app: the scopes granted, revoked from /myIntegrations. */
export const oauthGrants = pgTable('oauth_grants', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  clientId: uuid().notNull().references(() => oauthClients.id, { onDelete: 'cascade' }),
  scopes: scopes(),
  grantedAt: createdAt(),
  lastUsedAt: timestamp({ withTimezone: true }),
  revokedAt: timestamp({ withTimezone: true }),
}, (table) => [
  uniqueIndex('oauth_grants_active_index').on(table.userId, table.clientId).where(sql`${table.revokedAt} is null`),
  index().on(table.clientId),
]);

/**
 * The short-lived, single-use codes of the flow, each stored as its SHA-256: the code of the
 * password step (second factor pending), the sign-in code (both factors checked, consent
 * pending), the authorization code (bound to the client, the redirect URI and the PKCE
 * challenge) and the pin_2fa_code (bound to its access token, its action, its PKCE challenge
 * and, when sent, the document's SHA-256).
 */
export const oauthCodes = pgTable('oauth_codes', {
  id: uuid().primaryKey().defaultRandom(),
  kind: text({ enum: ['password_checked', 'sign_in', 'authorization', 'pin_2fa'] }).notNull(),
  codeHash: text().notNull().unique(),
  userId: uuid().notNull().references(() => users.id, { onDelete: 'cascade' }),
  clientId: uuid().notNull().references(() => oauthClients.id, { onDelete: 'cascade' }),
  scopes: scopes(),
  redirectUri: text(),
  codeChallenge: text(),
  /** pin_2fa only: the access token it was issued under, its action and the document's hash. */
  accessTokenId: uuid(),
  action: text({ enum: ['sign', 'prescribe'] }),
  documentSha256: text(),
  expiresAt: expiresAt(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [index().on(table.expiresAt)]);

/**
 * Access and refresh tokens, opaque random values stored as their SHA-256. A refresh token is
 * used once: using it again (a stolen copy) revokes the whole grant (RFC 9700 section 4.14.2).
 */
export const oauthTokens = pgTable('oauth_tokens', {
  id: uuid().primaryKey().defaultRandom(),
  kind: text({ enum: ['access', 'refresh'] }).notNull(),
  tokenHash: text().notNull().unique(),
  grantId: uuid().notNull().references(() => oauthGrants.id, { onDelete: 'cascade' }),
  scopes: scopes(),
  expiresAt: expiresAt(),
  usedAt: timestamp({ withTimezone: true }),
  revokedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
}, (table) => [index().on(table.grantId), index().on(table.expiresAt)]);
