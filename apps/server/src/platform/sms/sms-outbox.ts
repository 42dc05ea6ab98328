import type { Database } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';

/**
 * Queues a text message. Call it with the transaction of the change that causes it, like
 * `enqueueMail`: both are kept or neither is, and the SMS worker sends it later.
 */
export async function enqueueSms(db: Database, to: string, text: string): Promise<void> {
  await db.insert(smsOutbox).values({ to, text });
}
