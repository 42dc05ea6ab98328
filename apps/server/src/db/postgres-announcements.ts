import type pg from 'pg';
import type { AnnouncedChange } from './client.ts';

const everyChange = { access_changed: true, patients_changed: true, mail_queued: true, sms_queued: true } satisfies
  Record<AnnouncedChange, true>;

const listenToEveryChange = Object.keys(everyChange).map((change) => `listen ${change}`).join('; ');

/** The backend a connection talks to, which node-postgres keeps without declaring it. */
function backendOf(connection: pg.ClientBase): number | undefined {
  return (connection as { processID?: number }).processID;
}

/**
 * The changes PostgreSQL announces at commit (migrations 0030 and 0033), heard once each for
 * this process's listeners (docs/decisions/068). Each pooled connection hears those it made
 * itself: PostgreSQL sends a connection its own notifications before it says it is ready again,
 * so the listeners have run before the committing caller goes on, as on PGlite. The lease's
 * connection hears those of every other connection, as soon as they arrive.
 */
export class PostgresAnnouncements {
  readonly #listeners = new Map<string, Set<() => void>>();
  /** The backends of this process's pooled connections, which hear their own changes. */
  readonly #ownBackends = new Set<number>();

  watch(change: AnnouncedChange, listener: () => void): () => Promise<void> {
    const listeners = this.#listeners.get(change) ?? new Set();
    this.#listeners.set(change, listeners);
    // Its own function each time, so that one listener watching twice stops twice.
    const call = () => listener();
    listeners.add(call);
    return async () => void listeners.delete(call);
  }

  /** On a pooled connection, before its first statement: the changes it announces itself. */
  async hearOwnChanges(connection: pg.ClientBase): Promise<void> {
    const backend = backendOf(connection);
    if (backend === undefined) throw new Error('A pooled connection without its backend\'s process id');
    this.#ownBackends.add(backend);
    connection.once('end', () => this.#ownBackends.delete(backend));
    connection.on('notification', ({ channel, processId }) => {
      if (processId === backend) this.#announce(channel);
    });
    await connection.query(listenToEveryChange);
  }

  /** On the lease's connection: the changes of every connection but this process's pooled ones. */
  async hearOtherChanges(connection: pg.ClientBase): Promise<void> {
    connection.on('notification', ({ channel, processId }) => {
      if (!this.#ownBackends.has(processId)) this.#announce(channel);
    });
    await connection.query(listenToEveryChange);
  }

  /** What is remembered may all have changed: every listener runs. */
  announceEveryChange(): void {
    for (const listeners of this.#listeners.values()) for (const listener of listeners) listener();
  }

  #announce(change: string): void {
    for (const listener of this.#listeners.get(change) ?? []) listener();
  }
}
