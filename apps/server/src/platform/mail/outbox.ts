import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { composeMail, type MailContent } from './compose-mail.ts';

/**
 * Queues a mail. Call it with the transaction of the change that causes the mail: both are
 * kept or neither is, and the mail worker delivers it even if this process dies right after.
 */
export async function enqueueMail(db: Database, to: string, content: MailContent): Promise<void> {
  await db.insert(mailOutbox).values({ to, ...composeMail(content) });
}
