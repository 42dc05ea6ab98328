import { isAllowed, isInRoleGroup, messages, type OAuthScope, type Permission, type RoleGroup } from '@receta/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database, Remembering } from '../../db/client.ts';
import { sessions, userRoles, users, workspaceMembers } from '../../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import { rememberedUntil, type RememberedLookups } from '../remembered-lookups.ts';
import type { TokenSigner } from './access-tokens.ts';
import { refusedToken, requireBearerToken } from './bearer-token.ts';
import { authenticateOAuth, prepareOAuthTokenLookup, type OAuthCaller } from './oauth-bearer.ts';
import { isPasswordExpired } from './password-age.ts';
import {
  authenticatePharmacySystem, preparePharmacySystemLookup, type PharmacySystemCaller,
} from './pharmacy-system-bearer.ts';
import { PharmacySystemTokenSigner } from './pharmacy-system-tokens.ts';
import { isWorkspaceId, requestedWorkspaceOf } from './requested-workspace.ts';
import { RoleCatalogue } from './role-catalogue.ts';

/** External apps' access: a doctor's app with a token holding one of the scopes (none listed: any live token). */
type OAuthAccess =
  | { readonly oauthScopes: readonly OAuthScope[] }
  /** A pharmacy system with its own client-credentials token holding one of the scopes (docs/decisions/043). */
  | { readonly pharmacySystemScopes: readonly [OAuthScope, ...OAuthScope[]] };

/**
 * Who may call a route: anyone, any signed-in user, a user holding at least one of the
 * permissions, or a member of a role group (spec section 6: "a roles-based check also
 * exists"), or an external app with an OAuth2 token. Every API route declares one; a route
 * that does not stops the server at start.
 */
export type RouteAccess =
  | 'public'
  | 'authenticated'
  | readonly [Permission, ...Permission[]]
  | { readonly roleGroup: RoleGroup }
  | OAuthAccess;

/** Whether a route is called by external apps with OAuth2 tokens rather than by the web app's sessions. */
export function isOAuthAccess(access: RouteAccess): access is OAuthAccess {
  return typeof access === 'object' && ('oauthScopes' in access || 'pharmacySystemScopes' in access);
}

/** A route and the access it declared, for the permission matrix and the documentation. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/** Whether a signed-in user with these roles and permissions passes a route's access rule. */
export function isGranted(access: RouteAccess, user: { roles: readonly string[]; scope: readonly string[] }): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if (isOAuthAccess(access)) return false;
  if ('roleGroup' in access) return isInRoleGroup(access.roleGroup, user.roles);
  return isAllowed(access, user.scope);
}

export interface AuthenticatedUser {
  id: string;
  sessionId: string;
  email: string;
  displayName: string;
  roles: readonly string[];
  scope: readonly Permission[];
  /** Older than PASSWORD_MAX_AGE_DAYS: only the routes that let the user change it answer. */
  isPasswordExpired: boolean;
  /**
   * The workspace the request names (`x-workspace`) if the user is a member of it, or without
   * the header up to two of the user's workspaces; read with the session, for the workspace scope.
   */
  memberships: string[];
}

export interface AccessTokenClaims {
  sub: string;
  sid: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared access, in the order they were registered. */
    declaredRoutes: DeclaredRoute[];
    /** Roles and their permissions; call `invalidate()` after changing a role. */
    roleCatalogue: RoleCatalogue;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The few routes a user whose password expired may still call: the session, the change, the logout. */
    allowsExpiredPassword?: true;
  }
  interface FastifyRequest {
    /** The signed-in user; null on public routes and OAuth2 routes. */
    user: AuthenticatedUser | null;
    /** The external app and its user on OAuth2 routes; null elsewhere. */
    oauth: OAuthCaller | null;
    /** The pharmacy system on its routes; null elsewhere. */
    pharmacySystem: PharmacySystemCaller | null;
  }
}

// A session's last use is written at most once a minute, so that reading a page is not a
// write per request; the idle limit is therefore kept to within a minute.
const lastSeenResolutionMs = 60_000;

/** Session lookups one process remembers at most (decisions 060 and 068). */
const rememberedSessionsCapacity = 10_000;

const undocumentedPrefixes = ['/api/docs'];

function needsDeclaredAccess(url: string): boolean {
  const isApi = url.startsWith('/api/') || url.startsWith('/oauth2/');
  return isApi && !undocumentedPrefixes.some((prefix) => url.startsWith(prefix));
}

/**
 * The session's user, the ids of their roles in order and their memberships of the workspace
 * the request names, if the session is live: one indexed read, prepared once because every
 * authenticated request runs it. The memberships are read in the same statement as the
 * session, so a member removed is refused on the next request, by every server process. The
 * session's times come with the database's clock, which decides whether it is idle.
 */
function prepareSessionLookup(db: Database) {
  const roleIdsOfUser = sql<string[]>`array(select ur.role_id from ${userRoles} ur
    where ur.user_id = ${users.id} order by ur.position)`;
  const requested = sql`${sql.placeholder('workspaceId')}::uuid`;
  const memberships = sql<string[]>`array(select wm.workspace_id from ${workspaceMembers} wm
    where wm.user_id = ${users.id} and (${requested} is null or wm.workspace_id = ${requested}) limit 2)`;
  return db.select({
    userId: users.id,
    email: users.email,
    displayName: users.displayName,
    passwordChangedAt: users.passwordChangedAt,
    roleIds: roleIdsOfUser,
    memberships,
    lastSeenAt: sessions.lastSeenAt,
    expiresAt: sessions.expiresAt,
    checkedAt: sql`now()`.mapWith(sessions.lastSeenAt),
  })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(
      eq(sessions.id, sql.placeholder('sessionId')),
      eq(sessions.userId, sql.placeholder('userId')),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql`now()`),
      eq(users.status, 'active'),
    ))
    .prepare('find_active_session');
}

type SessionLookup = ReturnType<typeof prepareSessionLookup>;
type SessionRow = Awaited<ReturnType<SessionLookup['execute']>>[number];
type SessionKey = { sessionId: string; userId: string; workspaceId: string | null };

/**
 * The session lookup, remembered until the database announces a change while the database lets
 * this process remember (decisions 060 and 068), read on every request otherwise.
 */
class SessionReader {
  readonly #lookup: SessionLookup;
  readonly #remembered: RememberedLookups<SessionRow> | undefined;

  constructor(lookup: SessionLookup, remembered?: RememberedLookups<SessionRow>) {
    this.#lookup = lookup;
    this.#remembered = remembered;
  }

  /** The session's row, and the database's time now: its time when read, and this process's clock since. */
  async read(key: SessionKey) {
    // No function here has a name: tsx names each named function as it is made, on every request.
    const found = this.#remembered
      ? await this.#remembered.read(`${key.sessionId} ${key.userId} ${key.workspaceId ?? ''}`, () => this.#load(key))
      : await this.#load(key).then((value) => value && { value, readAt: Date.now() });
    if (!found) return undefined;
    return { row: found.value, now: found.value.checkedAt.getTime() + Date.now() - found.readAt };
  }

  async #load(key: SessionKey): Promise<SessionRow | undefined> {
    return (await this.#lookup.execute(key))[0];
  }
}

/** The user behind the request's bearer token, or the 401 the spec's client expects. */
async function authenticate(
  db: Database, sessionReader: SessionReader, signer: TokenSigner, catalogue: RoleCatalogue, request: FastifyRequest,
  policy: SessionPolicy,
): Promise<AuthenticatedUser> {
  const check = signer.verify<AccessTokenClaims>('access', requireBearerToken(request));
  if (!check.ok) throw refusedToken(check.reason);
  const workspace = requestedWorkspaceOf(request);
  const found = await sessionReader.read({
    sessionId: check.claims.sid, userId: check.claims.sub, workspaceId: isWorkspaceId(workspace) ? workspace : null,
  });
  // A remembered session may have reached its end since it was read.
  if (!found || found.now >= found.row.expiresAt.getTime()) {
    throw new AppError('unauthenticated', messages.session.invalidAccessToken);
  }
  const { row, now } = found;
  const unusedMs = now - row.lastSeenAt.getTime();
  // Disp. DNSISA 1/2025: a session unused for SESSION_IDLE_HOURS is over, as if its token had
  // expired. Its last use is not touched again, so it stays over.
  if (unusedMs > policy.sessionIdleHours * 3_600_000) throw refusedToken('expired');
  if (unusedMs > lastSeenResolutionMs) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, check.claims.sid));
  }
  return {
    id: row.userId,
    sessionId: check.claims.sid,
    email: row.email,
    displayName: row.displayName,
    ...await catalogue.describe(row.roleIds),
    isPasswordExpired: isPasswordExpired(row.passwordChangedAt, policy.passwordMaxAgeDays),
    memberships: row.memberships,
  };
}

/** The session reader of `app`, remembering lookups between announced changes where it is given them. */
async function openSessionReader(app: FastifyInstance, remembering: Remembering | undefined): Promise<SessionReader> {
  return new SessionReader(
    prepareSessionLookup(app.db),
    remembering && await rememberedUntil<SessionRow>(app, remembering, 'access_changed', rememberedSessionsCapacity),
  );
}

/** The limits of configuration on a session and its password (decision 041). */
export type SessionPolicy = Pick<Config, 'passwordMaxAgeDays' | 'sessionIdleHours'>;

/**
 * Enforces every route's declared access before its body is read: 401 without a valid
 * session, 403 without a matching permission.
 */
export const accessControl = fp(async (
  app: FastifyInstance,
  options: {
    signer: TokenSigner;
    policy: SessionPolicy;
    pharmacySystemSigner?: PharmacySystemTokenSigner;
    /** The database's announcements of changes, to remember sessions between them (`DatabaseHandle`). */
    remembering?: Remembering;
  },
) => {
  // Both signers keep their key in the database, so a second one verifies the same tokens.
  const pharmacySystemSigner = options.pharmacySystemSigner ?? new PharmacySystemTokenSigner(app.db);
  app.decorateRequest('user', null);
  app.decorateRequest('oauth', null);
  app.decorateRequest('pharmacySystem', null);
  const catalogue = new RoleCatalogue(app.db);
  const sessionReader = await openSessionReader(app, options.remembering);
  const oauthLookup = prepareOAuthTokenLookup(app.db);
  const pharmacySystemLookup = preparePharmacySystemLookup(app.db);
  app.decorate('roleCatalogue', catalogue);

  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', (route) => {
    if (!needsDeclaredAccess(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) throw new Error(`${route.method.toString()} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declaredRoutes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    if (isOAuthAccess(access)) {
      if ('pharmacySystemScopes' in access) {
        request.pharmacySystem = await authenticatePharmacySystem(
          pharmacySystemSigner, pharmacySystemLookup, request, access.pharmacySystemScopes,
        );
      } else {
        request.oauth = await authenticateOAuth(app.db, oauthLookup, request, access.oauthScopes);
      }
      return;
    }
    const user = await authenticate(app.db, sessionReader, options.signer, catalogue, request, options.policy);
    if (user.isPasswordExpired && !request.routeOptions.config.allowsExpiredPassword) {
      throw new AppError('forbidden', messages.password.expired, 'passwordExpired');
    }
    if (!isGranted(access, user)) throw AppError.forbidden();
    request.user = user;
  });
}, { name: 'access-control' });

/** The app and user of a route that declared OAuth2 access. */
export function currentOAuthCaller(request: FastifyRequest): OAuthCaller {
  if (!request.oauth) throw new Error('currentOAuthCaller() on a route without OAuth2 access');
  return request.oauth;
}

/** The pharmacy system of a route that declared pharmacy systems' access. */
export function currentPharmacySystem(request: FastifyRequest): PharmacySystemCaller {
  if (!request.pharmacySystem) throw new Error('currentPharmacySystem() on a route without pharmacy systems\' access');
  return request.pharmacySystem;
}

/** The signed-in user of a route that declared it needs one. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new Error('currentUser() on a route without authentication');
  return request.user;
}
