import { Worker } from 'node:worker_threads';
import type { MasterKeyring } from '../pki/index.ts';
import { sealedAsJson } from './events-as-json.ts';
import type { EventToSeal } from './sealed-event.ts';

/** What the sealing thread is sent, and what it answers: the batch as `eventsAsJson` writes it. */
export interface SealingRequest {
  id: number;
  events: EventToSeal[];
}

export interface SealingAnswer {
  id: number;
  json: string;
}

/** Batches of fewer events are sealed where they are asked for: the trip would cost more. */
const smallestBatchForTheThread = 50;

/**
 * Seals the access log's batches on a thread of their own (docs/decisions/052): under load, the
 * AES-GCM, the SHA-256 and the JSON of every access were a sixth of the request thread's time,
 * which the thread gives back to the requests. Started at the first large batch; should it
 * fail, every batch is sealed on the calling thread from then on, as small ones always are.
 */
export class SealingThread {
  readonly #keyring: MasterKeyring;
  readonly #onFailure: (error: unknown) => void;
  #worker: Worker | undefined;
  #hasFailed = false;
  #nextId = 0;
  readonly #pending = new Map<number, { resolve: (json: string) => void; reject: (error: unknown) => void }>();

  constructor(keyring: MasterKeyring, onFailure: (error: unknown) => void) {
    this.#keyring = keyring;
    this.#onFailure = onFailure;
  }

  /** The events sealed under the keyring's current key, as the statement that appends them takes them. */
  async sealAsJson(events: EventToSeal[]): Promise<string> {
    if (events.length >= smallestBatchForTheThread && !this.#hasFailed) {
      try {
        return await this.#sealOnThread(events);
      } catch (error) {
        this.#fail(error);
      }
    }
    return sealedAsJson(this.#keyring, events);
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #sealOnThread(events: EventToSeal[]): Promise<string> {
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Kept alive while it seals: the last batch, written as the app closes, must not be lost
      // to a process with nothing else left to wait for.
      worker.ref();
      worker.postMessage({ id, events } satisfies SealingRequest);
    });
  }

  #start(): Worker {
    const worker = new Worker(new URL('./sealing-worker.mjs', import.meta.url), { workerData: this.#keyring.currentKey() });
    worker.on('message', ({ id, json }: SealingAnswer) => {
      this.#pending.get(id)?.resolve(json);
      this.#pending.delete(id);
      // The process may end with the thread idle; `close` ends it with the app.
      if (this.#pending.size === 0) worker.unref();
    });
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#fail(new Error(`The sealing thread ended (${code})`));
    });
    this.#worker = worker;
    return worker;
  }

  /** Answers every batch under way with `error`, which its caller seals here instead. */
  #fail(error: unknown): void {
    if (this.#hasFailed) return;
    this.#hasFailed = true;
    this.#worker = undefined;
    this.#onFailure(error);
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}
