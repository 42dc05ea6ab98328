import pg from 'pg';

/**
 * The advisory lock every server process on one PostgreSQL database holds on its coordination
 * connection: shared by all while several run, taken alone by one while it is the only one.
 */
const rememberingLock = 680_068;

/**
 * How often the lease is renewed, and how long past a renewal's sending it is known held: three
 * renewals may be late (a busy event loop, a slow statement) before the process stops
 * remembering, and a process starting after a holder lost its connection waits a second at most.
 */
const renewEveryMs = 250;
const leaseMs = 1_000;

// Renews the lease's row for as long as the lease lasts, and says whether another process
// waits for the lock (it asked for its share at start): the holder then lets go.
const renewal = `
  update remembering_lease set held_until = clock_timestamp() + make_interval(secs => $2)
  where id = 1
  returning exists (
    select from pg_locks
    where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
      and classid = 0 and objid = $1 and objsubid = 1 and not granted
  ) as awaited`;

const letGo = `
  update remembering_lease set held_until = clock_timestamp() where id = 1;
  select pg_advisory_unlock(${rememberingLock})`;

/** What the lease tells its process of, on the connection it keeps. */
export interface LeaseEvents {
  /** The lease is this process's again: what it remembered before may have changed meanwhile. */
  gained: () => void;
  /** Each coordination connection, once open, before the process waits for its share of the lock. */
  connected: (connection: pg.Client) => Promise<void>;
}

/**
 * The right of one server process to answer from memory on PostgreSQL (docs/decisions/068),
 * which it has while it alone holds the database's remembering lock, and only for as long as a
 * renewal proves it still does.
 *
 * Each process takes its share of the lock at start; one that finds itself alone takes the
 * whole lock and renews the lease's row every `renewEveryMs`. A process starting after it asks
 * for its share and waits: the holder sees the wait at its next renewal, stops answering from
 * memory, marks the lease ended and lets go; every process then reads the database. A holder
 * whose connection is lost (the lock going with it) answers from memory until `leaseMs` after
 * its last renewal was sent, no longer; a process that starts meanwhile waits until the row's
 * end of the lease, which is later still. Once the others have gone, the next renewal finds
 * the lock free and takes it.
 */
export class RememberingLease {
  readonly #url: string;
  readonly #events: LeaseEvents;
  #holdsLock = false;
  /** Until when, by this process's monotonic clock, the lease is known held. */
  #heldUntil = 0;
  #isClosed = false;
  #running: Promise<void> = Promise.resolve();
  #wake: (() => void) | undefined;

  private constructor(url: string, events: LeaseEvents) {
    this.#url = url;
    this.#events = events;
  }

  /**
   * Joins the processes on the database at `url`; answers once this process has its share of
   * the lock, and the whole of it if it is alone, or once it could not reach the database (it
   * then keeps trying, and answers from the database meanwhile).
   */
  static async join(url: string, events: LeaseEvents): Promise<RememberingLease> {
    const lease = new RememberingLease(url, events);
    await new Promise<void>((joined) => {
      lease.#running = lease.#run(joined);
    });
    return lease;
  }

  /** Whether this process may answer from what it remembers, now. */
  holds(): boolean {
    return this.#holdsLock && performance.now() < this.#heldUntil;
  }

  /** Ends the lease, and this process's share of the lock: after the last write of the process's own. */
  async close(): Promise<void> {
    this.#isClosed = true;
    this.#wake?.();
    await this.#running;
  }

  async #run(joined: () => void): Promise<void> {
    while (!this.#isClosed) {
      const connection = new pg.Client({ connectionString: this.#url });
      // A lost connection also fails the query under way, which ends the loop below.
      connection.on('error', () => undefined);
      try {
        await connection.connect();
        await this.#events.connected(connection);
        await this.#takeShare(connection);
        await this.#renew(connection);
        joined();
        for (;;) {
          await this.#pause();
          if (this.#isClosed) break;
          await this.#renew(connection);
        }
        // The next process to start need not wait out a lease nobody holds.
        if (this.#holdsLock) await this.#letGo(connection);
      } catch {
        // Lost or refused: the lease ends with this connection; a new one starts over.
      }
      this.#stopHolding();
      await connection.end().catch(() => undefined);
      joined();
      if (!this.#isClosed) await this.#pause();
    }
  }

  /** This process's share of the lock, once no process holds it alone and no lease it held can still be in use. */
  async #takeShare(connection: pg.Client): Promise<void> {
    await connection.query('select pg_advisory_lock_shared($1)', [rememberingLock]);
    const { rows } = await connection.query<{ waitMs: number }>(`
      select case when held_until > clock_timestamp()
        then extract(epoch from held_until - clock_timestamp()) * 1000 else 0 end::float8 as "waitMs"
      from remembering_lease where id = 1`);
    const waitMs = rows[0]?.waitMs ?? 0;
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(waitMs)));
  }

  async #renew(connection: pg.Client): Promise<void> {
    if (!this.#holdsLock) {
      const { rows } = await connection.query<{ alone: boolean }>('select pg_try_advisory_lock($1) as alone', [rememberingLock]);
      if (!rows[0]?.alone) return;
      this.#holdsLock = true;
      this.#heldUntil = 0;
    }
    const sentAt = performance.now();
    const { rows } = await connection.query<{ awaited: boolean }>(renewal, [rememberingLock, leaseMs / 1_000]);
    if (rows.length === 0) throw new Error('The remembering lease has no row');
    if (rows[0]!.awaited) {
      await this.#letGo(connection);
      return;
    }
    const isGained = this.#heldUntil === 0;
    this.#heldUntil = sentAt + leaseMs;
    if (isGained) this.#events.gained();
  }

  /** Stops answering from memory, then marks the lease ended and gives the lock up. */
  async #letGo(connection: pg.Client): Promise<void> {
    this.#stopHolding();
    await connection.query(letGo);
  }

  #stopHolding(): void {
    this.#holdsLock = false;
    this.#heldUntil = 0;
  }

  /** Until the next renewal is due, or the lease is closed. */
  #pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, renewEveryMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }
}
