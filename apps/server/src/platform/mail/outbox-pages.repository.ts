import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox, smsOutbox } from '../../db/schema/index.ts';

/** One page of every mail the platform wrote, newest first, with the link each still holds. */
export async function findOutboxPage(db: Database, query: { page: number; pageSize: number }) {
  const items = await db.select({
    id: mailOutbox.id,
    to: mailOutbox.to,
    subject: mailOutbox.subject,
    text: mailOutbox.text,
    html: mailOutbox.html,
    link: mailOutbox.link,
    linkKind: mailOutbox.linkKind,
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

/** One page of every text message the platform wrote, newest first. */
export async function findSmsOutboxPage(db: Database, query: { page: number; pageSize: number }) {
  const items = await db.select({
    id: smsOutbox.id,
    to: smsOutbox.to,
    text: smsOutbox.text,
    link: smsOutbox.link,
    linkKind: smsOutbox.linkKind,
    status: smsOutbox.status,
    attempts: smsOutbox.attempts,
    lastError: smsOutbox.lastError,
    createdAt: smsOutbox.createdAt,
    sentAt: smsOutbox.sentAt,
  })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ count: count() }).from(smsOutbox);
  return { items, total: total?.count ?? 0 };
}
