import type { FastifyInstance } from 'fastify';
import type { AnnouncedChange, Remembering } from '../db/client.ts';
import { setKeepingAtMost } from './keep-at-most.ts';

/** What a lookup found, and when by this process's clock it had found it. */
export interface Remembered<T> {
  value: T;
  readAt: number;
}

/**
 * Lookups remembered until `forgetAll`, which the database's announcement of a change calls
 * (decisions 060 and 061), and used only while `mayRemember` says so (decision 068). A lookup
 * that was under way when a change was announced answers its caller but is not kept: it may
 * have read the rows from before the change.
 */
export class RememberedLookups<T> {
  readonly #entries = new Map<string, Remembered<T>>();
  readonly #capacity: number;
  readonly #mayRemember: () => boolean;
  #generation = 0;

  constructor(capacity: number, mayRemember: () => boolean = () => true) {
    this.#capacity = capacity;
    this.#mayRemember = mayRemember;
  }

  /** The remembered answer for `key`, or `load`'s, kept unless a change came meanwhile; nothing found is not kept. */
  async read(key: string, load: () => Promise<T | undefined>): Promise<Remembered<T> | undefined> {
    const remembered = this.#mayRemember() ? this.#entries.get(key) : undefined;
    if (remembered) return remembered;
    const generation = this.#generation;
    const value = await load();
    if (value === undefined) return undefined;
    const found = { value, readAt: Date.now() };
    if (generation === this.#generation && this.#mayRemember()) {
      setKeepingAtMost(this.#entries, this.#capacity, key, found);
    }
    return found;
  }

  forgetAll(): void {
    this.#entries.clear();
    this.#generation += 1;
  }
}

/**
 * Lookups remembered until the database announces `change`, for as long as `app` runs, and
 * while the database lets this process remember.
 */
export async function rememberedUntil<T>(
  app: FastifyInstance, { watchChanges, mayRemember }: Remembering, change: AnnouncedChange, capacity: number,
): Promise<RememberedLookups<T>> {
  const remembered = new RememberedLookups<T>(capacity, mayRemember);
  const stopWatching = await watchChanges(change, () => remembered.forgetAll());
  app.addHook('onClose', async () => {
    await stopWatching();
  });
  return remembered;
}
