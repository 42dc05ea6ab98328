// The sealing thread's entry. Node 20's worker threads do not inherit the loader the server
// runs under (tsx), so the thread registers it before importing its TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./sealing-worker.ts');
