import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { repositoryPointers } from '../../db/schema/index.ts';
import { claimLeaseMs, maxDeliveryAttempts, nextAttemptAfter } from '../../platform/retry-schedule.ts';
import { selectDuePointers } from './repository-pointers.repository.ts';
import { RepositoryDeliveryError, type RepositoryTransport } from './repository-transport.ts';

export interface PointerDeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Where a pointer given up on is reported: the operators' log, watched for alerts. */
export interface PointerAlerts {
  warn(details: { pointerId: string; status: number | null }, message: string): void;
}

/**
 * Claims due pointers in a short transaction, counting the attempt and leasing the rows, so
 * that the HTTP call holds no lock and processes can run the worker side by side.
 */
async function claimDuePointers(db: Database, now: Date, limit: number) {
  return db.transaction(async (tx) => {
    const due = await selectDuePointers(tx, now, limit);
    if (due.length === 0) return [];
    await tx.update(repositoryPointers)
      .set({ attempts: sql`${repositoryPointers.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + claimLeaseMs) })
      .where(inArray(repositoryPointers.id, due.map((pointer) => pointer.id)));
    return due.map((pointer) => ({ ...pointer, attempts: pointer.attempts + 1 }));
  });
}

/**
 * One pass of the pointer queue: POSTs what is due through `transport`, retrying a failure
 * with the platform's growing waits and giving up, with an alert, after the last attempt.
 * Without a transport the pointers stay pending: the platform is not yet told where to send.
 */
export async function deliverDuePointers(
  db: Database, transport: RepositoryTransport | null, alerts: PointerAlerts,
  options: { now?: Date; limit?: number } = {},
): Promise<PointerDeliveryReport> {
  const report: PointerDeliveryReport = { sent: 0, retried: 0, failed: 0 };
  if (!transport) return report;
  const now = options.now ?? new Date();
  for (const pointer of await claimDuePointers(db, now, options.limit ?? 20)) {
    // Only this pass's claim is settled here: a lease that ran out belongs to the next claimer.
    const isOurClaim = and(eq(repositoryPointers.id, pointer.id), eq(repositoryPointers.attempts, pointer.attempts));
    try {
      await transport.send(pointer);
      await db.update(repositoryPointers).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(isOurClaim);
      report.sent += 1;
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const nextAttemptAt = nextAttemptAfter(pointer.attempts, now);
      await db.update(repositoryPointers)
        .set(nextAttemptAt === null ? { status: 'failed', lastError } : { nextAttemptAt, lastError })
        .where(isOurClaim);
      if (nextAttemptAt === null) {
        // Disp. DNSISA 1/2025 Annex III §4: persistent failures raise an alert. The id and the
        // status only: the pointer carries a patient's CUIL.
        const status = error instanceof RepositoryDeliveryError ? error.status : null;
        alerts.warn({ pointerId: pointer.id, status },
          `National repository pointer failed after ${maxDeliveryAttempts} attempts`);
        report.failed += 1;
      } else {
        report.retried += 1;
      }
    }
  }
  return report;
}
