import { parentPort, workerData } from 'node:worker_threads';
import { MasterKeyring } from '../pki/master-keyring.ts';
import { sealedAsJson } from './events-as-json.ts';
import type { SealingAnswer, SealingRequest } from './sealing-thread.ts';

// What runs on the sealing thread (`SealingThread`): each batch sealed under the key the
// thread was given, answered as the statement that appends it takes it.
const keyring = new MasterKeyring(workerData as Buffer);

parentPort!.on('message', ({ id, events }: SealingRequest) => {
  parentPort!.postMessage({ id, json: sealedAsJson(keyring, events) } satisfies SealingAnswer);
});
