/** One attempt to spend: the key counted, and the policy's allowance, window and lock. */
export interface CountedAttempt {
  key: string;
  allowance: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Where attempts are counted, shared by every server process: the application's database, or
 * Redis when configured. Each call is one statement or one script, atomic on its own.
 */
export interface AttemptCounts {
  /**
   * Spends one attempt of each key in order, stopping at the first with none left: answers the
   * milliseconds until that key is free, or 0 when every key had an attempt.
   */
  spend(attempts: readonly CountedAttempt[], at: Date): Promise<number>;
  /** Forgets the counts of `cleared` and gives back one attempt of each key of `refunded`. */
  release(cleared: readonly string[], refunded: readonly string[], at: Date): Promise<void>;
  close(): Promise<void>;
}
