import type { Database } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { dueNow } from '../mail/outbox.ts';
import type { MessageLink } from '../message-links.ts';

/**
 * Queues a text message. Call it with the transaction of the change that causes it, like
 * `enqueueMail`: both are kept or neither is, and the SMS worker sends it later. The link the
 * text holds, if any, is kept beside it, so that the worker can take it out once it is settled.
 */
export async function enqueueSms(db: Database, to: string, text: string, link?: MessageLink): Promise<void> {
  const linkColumns = link ? { link: link.url, linkKind: link.kind } : {};
  await db.insert(smsOutbox).values({ to, text, ...linkColumns, nextAttemptAt: dueNow() });
}
