import type { OutboxPage, SmsOutboxPage } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { findOutboxPage, findSmsOutboxPage } from './outbox.repository.ts';

type PageQuery = { page: number; pageSize: number };

/** An outbox page as the API answers it, with its dates in ISO 8601. */
function toPage<Row extends { createdAt: Date; sentAt: Date | null }>(
  { items, total }: { items: Row[]; total: number }, query: PageQuery,
) {
  return {
    items: items.map((row) => ({
      ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A page of the mail outbox, newest first. */
export async function listOutbox(db: Database, query: PageQuery): Promise<OutboxPage> {
  return toPage(await findOutboxPage(db, query), query);
}

/** A page of the SMS outbox, newest first. */
export async function listSmsOutbox(db: Database, query: PageQuery): Promise<SmsOutboxPage> {
  return toPage(await findSmsOutboxPage(db, query), query);
}
