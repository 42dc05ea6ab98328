import {
  messages, product, roleSlugs, type Owner, type OwnerInputSchema, type OwnerPage,
} from '@receta/domain';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import { violatedUniqueConstraint } from '../../db/unique-violation.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { AppError, type FieldError } from '../../platform/http/app-error.ts';
import type { MailContent } from '../../platform/mail/compose-mail.ts';
import { revokeSessionsOfUser } from '../auth/index.ts';
import {
  closeAdministratorAccount, hashUnknownPassword, insertAccount, invitationDays, isRemovedAdministrator,
  lockAccountByEmail, mailInvitation, reopenAccount, replaceRolesOfUser,
} from '../administrators/index.ts';
import { findRolesBySlugs } from '../roles/index.ts';
import { normalizeForSearch } from '../../db/search-text.ts';
import { deleteCertificatesOfEmployees } from './antigen-tests.repository.ts';
import {
  deleteOwners, findOwner, findOwnersPage, insertOwner, isCuitTaken, lockOwners, ownerConstraints, updateOwner,
  updateOwnerAccount, type OwnerPageQuery, type OwnerRow,
} from './owners.repository.ts';

export type OwnerInput = z.output<typeof OwnerInputSchema>;

const notFound = () => AppError.notFound(messages.owners.notFound);

function ownerOf(row: OwnerRow): Owner {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** To the owner's contact: the link to choose the password of the organisation's account. */
function invitationMail(input: OwnerInput, link: string): MailContent {
  return {
    subject: `${product.name}: elija la contraseña de su cuenta`,
    greeting: `Hola, ${input.contactName}:`,
    paragraphs: [
      `Un administrador registró a ${input.name} en el módulo de antígenos de ${product.name}, con este email como cuenta de la organización.`,
      'Para ingresar y registrar a sus empleados y los resultados de sus tests, elija su contraseña. En el primer ingreso configurará la verificación en dos pasos con una aplicación de autenticación.',
    ],
    action: { label: 'Elegir mi contraseña', url: link },
    note: `El enlace vence en ${invitationDays} días y puede usarse una sola vez.`,
  };
}

function valuesOf(input: OwnerInput) {
  return { ...input, searchText: normalizeForSearch(input.name, input.cuit) };
}

const takenFields = {
  cuit: { field: 'body.cuit', message: messages.owners.cuitTaken },
  email: { field: 'body.email', message: messages.owners.emailTaken },
} satisfies Record<string, FieldError>;

/**
 * The CUIT must be no other owner's and the email no other account's. On a create, the email
 * of an account removed earlier is free: that account is opened again, so its audit trail
 * continues (as administrators' are). Answers the fields at fault and that account.
 */
async function checkIdentifiers(db: Database, input: OwnerInput, current?: { id: string; userId: string | null }) {
  const fields: FieldError[] = [];
  if (await isCuitTaken(db, input.cuit, current?.id)) fields.push(takenFields.cuit);
  const account = await lockAccountByEmail(db, input.email);
  const isEmailFree = !account || account.id === current?.userId || (!current && isRemovedAdministrator(account));
  if (!isEmailFree) fields.push(takenFields.email);
  return { fields, removedAccount: current ? undefined : account };
}

function takenError(fields: FieldError[]): AppError {
  return new AppError('conflict', fields.map((field) => field.message).join(' '), 'identifierTaken', fields);
}

/** Runs a write; a CUIT or email another request took between the check and the write is the form's field error. */
async function guardingIdentifiers<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === ownerConstraints.cuit) throw takenError([takenFields.cuit]);
    if (constraint === ownerConstraints.email) throw takenError([takenFields.email]);
    throw error;
  }
}

async function readOwner(db: Database, id: string): Promise<Owner> {
  const row = await findOwner(db, id);
  if (!row) throw notFound();
  return ownerOf(row);
}

/** A page of the owners, searched by name or CUIT. */
export async function listOwners(db: Database, query: OwnerPageQuery): Promise<OwnerPage> {
  const { items, total } = await findOwnersPage(db, query);
  return { items: items.map(ownerOf), total, page: query.page, pageSize: query.pageSize };
}

export function showOwner(db: Database, id: string): Promise<Owner> {
  return readOwner(db, id);
}

/**
 * Registers an owner with its account (role owner) and mails the account the single-use link
 * to choose its password, in one transaction.
 */
export async function createOwner(
  db: Database, input: OwnerInput, actor: AuditActor, publicUrl: string, now = new Date(),
): Promise<Owner> {
  const passwordHash = await hashUnknownPassword();
  const id = await guardingIdentifiers(() => db.transaction(async (tx) => {
    const { fields, removedAccount } = await checkIdentifiers(tx, input, undefined);
    if (fields.length > 0) throw takenError(fields);
    const [ownerRole] = await findRolesBySlugs(tx, [roleSlugs.owner]);
    if (!ownerRole) throw new Error('The built-in owner role is missing');
    const account = { displayName: input.name, passwordHash, status: 'active' as const };
    const userId = removedAccount?.id ?? await insertAccount(tx, { ...account, email: input.email });
    if (removedAccount) await reopenAccount(tx, userId, account, now);
    await replaceRolesOfUser(tx, userId, [ownerRole.id]);
    const ownerId = await insertOwner(tx, { ...valuesOf(input), userId });
    await mailInvitation(tx, { id: userId, email: input.email }, (link) => invitationMail(input, link), publicUrl, now);
    await recordAudit(tx, actor, { action: 'owner.created', subjectType: 'owner', subjectId: ownerId, details: { userId } });
    return ownerId;
  }));
  return readOwner(db, id);
}

/** Saves an owner's data; its account keeps the owner's name and email. */
export async function editOwner(
  db: Database, id: string, input: OwnerInput, actor: AuditActor, now = new Date(),
): Promise<Owner> {
  const current = await findOwner(db, id);
  if (!current) throw notFound();
  await guardingIdentifiers(() => db.transaction(async (tx) => {
    const [owner] = await lockOwners(tx, [id]);
    if (!owner) throw notFound();
    const { fields } = await checkIdentifiers(tx, input, owner);
    if (fields.length > 0) throw takenError(fields);
    await updateOwner(tx, id, valuesOf(input));
    if (owner.userId) await updateOwnerAccount(tx, owner.userId, { email: input.email, displayName: input.name }, now);
    const changed = (Object.keys(input) as (keyof OwnerInput)[]).filter((key) => input[key] !== current[key]);
    await recordAudit(tx, actor, { action: 'owner.edited', subjectType: 'owner', subjectId: id, details: { fields: changed } });
  }));
  return readOwner(db, id);
}

/**
 * Removes owners with their employees, tests and certificates, all or none. Each owner's
 * account is closed rather than deleted (its roles go, it can no longer sign in) so that the
 * audit trail keeps naming who recorded what; creating an owner with that email reopens it.
 */
export async function removeOwners(
  db: Database, ids: string[], actor: AuditActor, now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const found = await lockOwners(tx, ids);
    if (found.length < new Set(ids).size) throw notFound();
    const ownerIds = found.map((owner) => owner.id);
    await deleteCertificatesOfEmployees(tx, inArray(employees.ownerId, ownerIds));
    await deleteOwners(tx, ownerIds);
    for (const owner of found) {
      if (owner.userId) {
        await closeAdministratorAccount(tx, owner.userId, now);
        await revokeSessionsOfUser(tx, owner.userId, now);
      }
      await recordAudit(tx, actor, {
        action: 'owner.deleted', subjectType: 'owner', subjectId: owner.id, details: { userId: owner.userId },
      });
    }
    return ownerIds;
  });
}
