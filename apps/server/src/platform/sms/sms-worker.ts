import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { linkMarkers, withoutLink } from '../message-links.ts';
import { claimLeaseMs, nextAttemptAfter } from '../retry-schedule.ts';
import type { SmsTransport } from './sms-transport.ts';

export interface SmsDeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  kept: number;
}

/** Up to `limit` due messages, locked without waiting for rows another process holds. */
function selectDue(db: Database, now: Date, limit: number) {
  return db.select({
    id: smsOutbox.id, to: smsOutbox.to, text: smsOutbox.text, link: smsOutbox.link, attempts: smsOutbox.attempts,
  })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.nextAttemptAt, now)))
    .orderBy(asc(smsOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Claims due messages in a short transaction, counting the attempt and leasing the rows, or,
 * without a transport, marks them kept; the HTTP call then holds no lock.
 */
async function claimDue(db: Database, now: Date, limit: number, hasTransport: boolean) {
  return db.transaction(async (tx) => {
    const due = await selectDue(tx, now, limit);
    if (due.length === 0) return [];
    await tx.update(smsOutbox)
      .set(hasTransport
        ? { attempts: sql`${smsOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + claimLeaseMs) }
        : { status: 'kept' })
      .where(inArray(smsOutbox.id, due.map((sms) => sms.id)));
    return due.map((sms) => ({ ...sms, attempts: sms.attempts + 1 }));
  });
}

/** Takes a settled message's link out of its stored text, in the update that settles it, as for mail. */
function linkTakenOut(sms: { text: string; link: string | null }, marker: string) {
  return sms.link === null ? {} : { text: withoutLink(sms.text, sms.link, marker), link: null };
}

/**
 * One pass of the SMS outbox: sends what is due through `transport`, retrying a failure with
 * the mail's growing waits, or keeps it in the outbox when there is no transport.
 */
export async function deliverDueSms(
  db: Database, transport: SmsTransport | null, options: { now?: Date; limit?: number } = {},
): Promise<SmsDeliveryReport> {
  const now = options.now ?? new Date();
  const report: SmsDeliveryReport = { sent: 0, retried: 0, failed: 0, kept: 0 };
  const claimed = await claimDue(db, now, options.limit ?? 20, transport !== null);
  if (!transport) {
    report.kept = claimed.length;
    return report;
  }
  for (const sms of claimed) {
    // Only this pass's claim is settled here: a lease that ran out belongs to the next claimer.
    const isOurClaim = and(eq(smsOutbox.id, sms.id), eq(smsOutbox.attempts, sms.attempts));
    try {
      await transport.send(sms);
      await db.update(smsOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, ...linkTakenOut(sms, linkMarkers.sent) })
        .where(isOurClaim);
      report.sent += 1;
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const nextAttemptAt = nextAttemptAfter(sms.attempts, now);
      await db.update(smsOutbox)
        .set(nextAttemptAt === null
          ? { status: 'failed', lastError, ...linkTakenOut(sms, linkMarkers.undelivered) }
          : { nextAttemptAt, lastError })
        .where(isOurClaim);
      report[nextAttemptAt === null ? 'failed' : 'retried'] += 1;
    }
  }
  return report;
}
