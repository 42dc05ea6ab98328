import type { OutboxPage } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { findOutboxPage } from './outbox.repository.ts';

/** A page of the mail outbox, newest first. */
export async function listOutbox(db: Database, query: { page: number; pageSize: number }): Promise<OutboxPage> {
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
