import { randomBytes } from 'node:crypto';
import {
  messages, type DeleteManyResultSchema, type OAuthClient, type OAuthClientCreatedSchema, type OAuthClientInputSchema,
  type OAuthClientPage, type OAuthScope, pharmacySystemScopes,
} from '@receta/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { hashToken } from '../../platform/user-tokens.ts';
import { newOpaqueValue } from '../../platform/auth/opaque-values.ts';
import {
  deleteClients, findClientsPage, findPharmacyUserIdByEmail, findRegisteredClient, insertClient, lockClient,
  updateClient, type OAuthClientPageQuery, type RegisteredClientRow,
} from './oauth-clients.repository.ts';

export type OAuthClientInput = z.output<typeof OAuthClientInputSchema>;
type OAuthClientCreated = z.infer<typeof OAuthClientCreatedSchema>;
type DeleteManyResult = z.infer<typeof DeleteManyResultSchema>;

const notFound = () => AppError.notFound(messages.oauth.clientNotFound);

/** The app as the registry shows it: never its secret, only whether it has one. */
function toOAuthClient(row: RegisteredClientRow): OAuthClient {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    logoUri: row.logoUri,
    redirectUris: row.redirectUris,
    redirectUriLabel: row.redirectUriLabel,
    allowedScopes: row.allowedScopes as OAuthScope[],
    sandbox: row.sandbox,
    kind: row.kind,
    hasSecret: row.secretHash !== null,
    pharmacyAccountEmail: row.pharmacyAccountEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of an app: everything but its secret. */
function auditedFields(input: OAuthClientInput) {
  const { name, logoUri, redirectUris, redirectUriLabel, allowedScopes, sandbox, kind, pharmacyAccountEmail } = input;
  return { name, logoUri, redirectUris, redirectUriLabel, allowedScopes, sandbox, kind, pharmacyAccountEmail };
}

function fieldError(field: string, message: string): AppError {
  return new AppError('invalid_data', message, undefined, [{ field, message }]);
}

/**
 * The pharmacy account of a pharmacy system, checked: a user holding the pharmacy role, on a
 * confidential app (the client-credentials grant authenticates with the secret), and the
 * dispensing scope only with one, since its dispensations need someone to be recorded under.
 */
async function pharmacyUserIdOf(db: Database, input: OAuthClientInput): Promise<string | null> {
  const isDispensing = (pharmacySystemScopes as readonly OAuthScope[])
    .some((scope) => input.allowedScopes.includes(scope));
  if (input.pharmacyAccountEmail === null) {
    if (isDispensing) throw fieldError('body.allowedScopes', messages.oauth.dispenseScopeNeedsPharmacy);
    return null;
  }
  if (input.kind !== 'confidential') throw fieldError('body.kind', messages.oauth.pharmacySystemNeedsSecret);
  const userId = await findPharmacyUserIdByEmail(db, input.pharmacyAccountEmail);
  if (!userId) throw fieldError('body.pharmacyAccountEmail', messages.oauth.pharmacyAccountInvalid);
  return userId;
}

export async function listClients(db: Database, query: OAuthClientPageQuery): Promise<OAuthClientPage> {
  const { items, total } = await findClientsPage(db, query);
  return { items: items.map(toOAuthClient), total, page: query.page, pageSize: query.pageSize };
}

export async function showClient(db: Database, id: string): Promise<OAuthClient> {
  const row = await findRegisteredClient(db, id);
  if (!row) throw notFound();
  return toOAuthClient(row);
}

/**
 * Registers an app with a random public client_id and, when confidential, a random 256-bit
 * secret that is answered this once: only its SHA-256 is kept.
 */
export async function createClient(
  db: Database, actor: AuditActor, input: OAuthClientInput,
): Promise<OAuthClientCreated> {
  const secret = input.kind === 'confidential' ? newOpaqueValue() : null;
  const row = await db.transaction(async (tx) => {
    const { pharmacyAccountEmail: _email, ...fields } = input;
    const inserted = await insertClient(tx, {
      ...fields,
      pharmacyUserId: await pharmacyUserIdOf(tx, input),
      clientId: randomBytes(16).toString('hex'),
      secretHash: secret === null ? null : hashToken(secret),
      createdBy: actor.actorUserId,
    });
    await recordAudit(tx, actor, {
      action: 'oauth_client.created',
      subjectType: 'oauth_client',
      subjectId: inserted.id,
      details: { clientId: inserted.clientId, ...auditedFields(input) },
    });
    return inserted;
  });
  return {
    message: secret === null ? messages.oauth.publicClientCreated : messages.oauth.clientCreated,
    client: toOAuthClient({ ...row, pharmacyAccountEmail: input.pharmacyAccountEmail }),
    clientSecret: secret,
  };
}

/**
 * Replaces an app's registration. Its kind stays: turning a confidential app public would
 * silently drop its client authentication.
 */
export async function editClient(
  db: Database, actor: AuditActor, id: string, input: OAuthClientInput,
): Promise<OAuthClient> {
  const row = await db.transaction(async (tx) => {
    const client = await lockClient(tx, id);
    if (!client) throw notFound();
    if (input.kind !== client.kind) throw fieldError('body.kind', messages.oauth.clientKindFixed);
    const { kind: _kind, pharmacyAccountEmail: _email, ...changes } = input;
    const pharmacyUserId = await pharmacyUserIdOf(tx, input);
    const updated = await updateClient(tx, id, { ...changes, pharmacyUserId }, new Date());
    await recordAudit(tx, actor, {
      action: 'oauth_client.updated', subjectType: 'oauth_client', subjectId: id, details: auditedFields(input),
    });
    return updated;
  });
  return toOAuthClient({ ...row, pharmacyAccountEmail: input.pharmacyAccountEmail });
}

/** Deletes apps; their users' grants and tokens go with them. */
export async function removeClients(db: Database, actor: AuditActor, ids: string[]): Promise<DeleteManyResult> {
  return db.transaction(async (tx) => {
    const deleted = await deleteClients(tx, ids);
    if (deleted.length === 0) throw notFound();
    for (const client of deleted) {
      await recordAudit(tx, actor, {
        action: 'oauth_client.deleted',
        subjectType: 'oauth_client',
        subjectId: client.id,
        details: { clientId: client.clientId, name: client.name },
      });
    }
    return { deleted: deleted.map((client) => client.id), message: messages.oauth.clientsRemoved };
  });
}

/** A new secret for a confidential app, answered this once; the previous one stops working at once. */
export async function rotateClientSecret(db: Database, actor: AuditActor, id: string): Promise<OAuthClientCreated> {
  const secret = newOpaqueValue();
  await db.transaction(async (tx) => {
    const client = await lockClient(tx, id);
    if (!client) throw notFound();
    if (client.kind === 'public') throw new AppError('invalid_data', messages.oauth.publicClientWithoutSecret);
    await updateClient(tx, id, { secretHash: hashToken(secret) }, new Date());
    await recordAudit(tx, actor, {
      action: 'oauth_client.secret_rotated', subjectType: 'oauth_client', subjectId: id, details: { clientId: client.clientId },
    });
  });
  const row = await findRegisteredClient(db, id);
  if (!row) throw notFound();
  return { message: messages.oauth.secretRotated, client: toOAuthClient(row), clientSecret: secret };
}
