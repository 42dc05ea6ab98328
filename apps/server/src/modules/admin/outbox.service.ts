import type { OutboxPage } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../platform/auth/access-control.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { superadminRole } from './built-in-roles.ts';
import { findOutboxPage } from './outbox.repository.ts';

/**
 * A page of the mail outbox, for the superadmin only: mails carry working links (confirmation,
 * recovery), so no catalogue permission that a clinic role could be given opens it.
 */
export async function listOutbox(
  db: Database, reader: AuthenticatedUser, query: { page: number; pageSize: number },
): Promise<OutboxPage> {
  if (!reader.roles.includes(superadminRole.slug)) throw AppError.forbidden();
  const { items, total } = await findOutboxPage(db, query);
  return {
    items: items.map((mail) => ({
      ...mail,
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
