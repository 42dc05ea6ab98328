import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { LinkKind } from '../message-links.ts';
import { composeMail, type MailContent } from './compose-mail.ts';

/**
 * A queued message is due from this moment of the process's clock, to the millisecond as the
 * workers compare it. PostgreSQL's own `now()` counts microseconds: a mail it dated .123456
 * would not be due to a pass at .123, and a caller holding that moment would wait forever.
 */
export function dueNow(): Date {
  return new Date();
}

/**
 * Queues a mail. Call it with the transaction of the change that causes the mail: both are
 * kept or neither is, and the mail worker delivers it even if this process dies right after.
 * The mail's button link is kept beside the body, as an account's link unless `linkKind`
 * says it is a patient's, so that the worker can take it out once the mail is settled.
 */
export async function enqueueMail(
  db: Database, to: string, content: MailContent, options: { linkKind?: LinkKind } = {},
): Promise<void> {
  const link = content.action ? { link: content.action.url, linkKind: options.linkKind ?? 'account' } : {};
  await db.insert(mailOutbox).values({ to, ...composeMail(content), ...link, nextAttemptAt: dueNow() });
}
