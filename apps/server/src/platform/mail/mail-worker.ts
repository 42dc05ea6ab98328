import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { linkMarkers, withoutLink } from '../message-links.ts';
import { claimLeaseMs, nextAttemptAfter } from '../retry-schedule.ts';
import type { MailTransport } from './mail-transport.ts';

export interface MailDeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  kept: number;
}

/** Up to `limit` due mails, locked without waiting for rows another process holds. */
function selectDue(db: Database, now: Date, limit: number) {
  return db.select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, html: mailOutbox.html,
    text: mailOutbox.text, link: mailOutbox.link, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Without a transport, due mail is kept: the outbox page is where a local user reads it. */
async function keepDueMail(db: Database, now: Date, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await selectDue(tx, now, limit);
    if (due.length === 0) return 0;
    await tx.update(mailOutbox)
      .set({ status: 'kept' })
      .where(inArray(mailOutbox.id, due.map((mail) => mail.id)));
    return due.length;
  });
}

/**
 * Claims due mail in a short transaction, counting the attempt and leasing the rows, so that
 * the slow SMTP conversation holds no lock and no connection, and any number of processes
 * can run the worker side by side.
 */
async function claimDueMail(db: Database, now: Date, limit: number) {
  return db.transaction(async (tx) => {
    const due = await selectDue(tx, now, limit);
    if (due.length === 0) return [];
    await tx.update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + claimLeaseMs) })
      .where(inArray(mailOutbox.id, due.map((mail) => mail.id)));
    return due.map((mail) => ({ ...mail, attempts: mail.attempts + 1 }));
  });
}

/**
 * The change that takes a settled mail's link out of its stored copy, written in the update
 * that settles it: once handed to SMTP (or given up), the copy kept opens nothing.
 */
function linkTakenOut(mail: { text: string; html: string; link: string | null }, marker: string) {
  if (mail.link === null) return {};
  return {
    text: withoutLink(mail.text, mail.link, marker),
    html: withoutLink(mail.html, mail.link, marker),
    link: null,
  };
}

/**
 * One pass of the outbox: sends the mail that is due through `transport`, or keeps it in the
 * outbox when there is no transport. A failed send is retried with growing waits.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport | null,
  options: { now?: Date; limit?: number } = {},
): Promise<MailDeliveryReport> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 20;
  const report: MailDeliveryReport = { sent: 0, retried: 0, failed: 0, kept: 0 };
  if (!transport) {
    report.kept = await keepDueMail(db, now, limit);
    return report;
  }

  for (const mail of await claimDueMail(db, now, limit)) {
    // Only the claim this pass made is settled here: a lease that ran out meanwhile belongs
    // to whichever process claimed the mail next.
    const isOurClaim = and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts));
    try {
      await transport.send(mail);
      await db.update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, ...linkTakenOut(mail, linkMarkers.sent) })
        .where(isOurClaim);
      report.sent += 1;
    } catch (error) {
      const lastError = transport.describeFailure(error);
      const nextAttemptAt = nextAttemptAfter(mail.attempts, now);
      if (nextAttemptAt === null) {
        await db.update(mailOutbox)
          .set({ status: 'failed', lastError, ...linkTakenOut(mail, linkMarkers.undelivered) })
          .where(isOurClaim);
        report.failed += 1;
      } else {
        await db.update(mailOutbox)
          .set({ nextAttemptAt, lastError })
          .where(isOurClaim);
        report.retried += 1;
      }
    }
  }
  return report;
}
