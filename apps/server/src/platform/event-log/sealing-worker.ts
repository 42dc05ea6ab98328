import { parentPort, workerData } from 'node:worker_threads';
import { MasterKeyring } from '../pki/master-keyring.ts';
import { eventsAsJson } from './events-as-json.ts';
import { sealEvent } from './sealed-event.ts';
import type { SealingRequest, SealingAnswer } from './sealing-thread.ts';

// What runs on the sealing thread (`SealingThread`): each batch sealed under the key the
// thread was given, answered as the statement that appends it takes it.
const keyring = new MasterKeyring(workerData as Buffer);

parentPort!.on('message', ({ id, events }: SealingRequest) => {
  const json = eventsAsJson(events.map(({ heading, content }) => sealEvent(keyring, heading, content)));
  parentPort!.postMessage({ id, json } satisfies SealingAnswer);
});
