import { messages, roleSlugs, type OAuthScope } from '@receta/domain';
import { and, eq, exists, sql, type Placeholder } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { oauthClients, roles, userRoles, users } from '../../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import { refusedToken, requireBearerToken } from './bearer-token.ts';
import type { PharmacySystemTokenSigner } from './pharmacy-system-tokens.ts';

/** A pharmacy system calling with its client-credentials token, and the pharmacy account it dispenses for. */
export interface PharmacySystemCaller {
  /** The client's row id; `clientPublicId` is the client_id the system sends. */
  clientId: string;
  clientPublicId: string;
  pharmacyUserId: string;
  scopes: OAuthScope[];
}

/**
 * A client, by its row id, if it is a pharmacy system: registered with a pharmacy account that
 * is active and holds the pharmacy role. One read by primary key.
 */
function selectLivePharmacySystem(db: Database, clientId: string | Placeholder) {
  const holdsPharmacyRole = exists(db.select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, users.id), eq(roles.slug, roleSlugs.pharmacy))));
  return db.select({
    clientPublicId: oauthClients.clientId,
    pharmacyUserId: users.id,
    allowedScopes: oauthClients.allowedScopes,
  })
    .from(oauthClients)
    .innerJoin(users, eq(users.id, oauthClients.pharmacyUserId))
    .where(and(eq(oauthClients.id, clientId), eq(users.status, 'active'), holdsPharmacyRole));
}

export function findLivePharmacySystem(db: Database, clientId: string) {
  return selectLivePharmacySystem(db, clientId).then(([row]) => row);
}

/** The same read, prepared once, for every request of a pharmacy system. */
export function preparePharmacySystemLookup(db: Database) {
  return selectLivePharmacySystem(db, sql.placeholder('clientId')).prepare('find_live_pharmacy_system');
}

export type PharmacySystemLookup = ReturnType<typeof preparePharmacySystemLookup>;

/**
 * The caller of a pharmacy systems' route: 401 without a genuine, unexpired token of a client
 * that is still a pharmacy system (deleting the client or taking its pharmacy account away
 * stops its tokens at once); 403 when the token lacks every scope the route needs.
 */
export async function authenticatePharmacySystem(
  signer: PharmacySystemTokenSigner, lookup: PharmacySystemLookup, request: FastifyRequest,
  needed: readonly OAuthScope[],
): Promise<PharmacySystemCaller> {
  const check = await signer.verify(requireBearerToken(request));
  if (!check.ok) throw refusedToken(check.reason);
  const [client] = await lookup.execute({ clientId: check.claims.sub });
  if (!client) throw new AppError('unauthenticated', messages.session.invalidAccessToken);
  // A scope the superadmin has since taken from the client no longer counts.
  const scopes = check.claims.scope.split(' ')
    .filter((scope): scope is OAuthScope => client.allowedScopes.includes(scope));
  if (!needed.some((scope) => scopes.includes(scope))) throw AppError.forbidden();
  const { clientPublicId, pharmacyUserId } = client;
  return { clientId: check.claims.sub, clientPublicId, pharmacyUserId, scopes };
}
