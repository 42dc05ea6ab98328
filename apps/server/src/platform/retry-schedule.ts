const minute = 60_000;
const hour = 60 * minute;

/**
 * The wait after each failed attempt of the platform's queues (mail, SMS, scheduled jobs,
 * the national repository's pointers). After the last one, about two days after the first,
 * the row is marked failed and stays where the superadmin can read why.
 */
export const retryDelaysMs = [minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour, 12 * hour, 24 * hour];
export const maxDeliveryAttempts = retryDelaysMs.length + 1;

/**
 * A claimed row is due again after this long, so that a process that died while delivering it
 * does not lose it; it may then arrive twice, which beats never.
 */
export const claimLeaseMs = 5 * minute;

/** When to try again after the `attempts`-th failed attempt at `now`; null once it is the last. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const delay = retryDelaysMs[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
