import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** One page of every mail the platform wrote, newest first. */
export async function findOutboxPage(db: Database, query: { page: number; pageSize: number }) {
  const items = await db.select({
    id: mailOutbox.id,
    to: mailOutbox.to,
    subject: mailOutbox.subject,
    text: mailOutbox.text,
    html: mailOutbox.html,
    status: mailOutbox.status,
    attempts: mailOutbox.attempts,
    lastError: mailOutbox.lastError,
    createdAt: mailOutbox.createdAt,
    sentAt: mailOutbox.sentAt,
  })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(mailOutbox);
  return { items, total: total?.count ?? 0 };
}
