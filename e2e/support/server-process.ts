import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  baseUrl: string;
  port: number;
  /** Everything the process printed to stdout so far. */
  output: () => string;
  /** Sends SIGTERM and answers the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Makes `dataDir` hold a database as `npm run db:prepare` leaves it: migrated, with the reference
 * data and the built-in roles, and no account yet. A server started on a copy of it creates its
 * superadmin from its own environment, and starts in a few seconds instead of loading the
 * reference data again.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/commands/prepare-database.ts'], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
  });
}

/** A copy of a prepared DATA_DIR (`prepareDataDir`), for a server of its own. */
export async function copyDataDir(preparedDataDir: string, dataDir: string): Promise<void> {
  await cp(preparedDataDir, dataDir, { recursive: true });
}

/** A port the kernel says is free right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become ready:\n${output()}`);
}

/**
 * Starts the product as `npm start` runs it (after the build), on a free port or on `port` (a
 * restart where the browser's stored session must stay on the same origin). Mailed links point
 * at the address the browser uses, unless the environment says otherwise.
 */
export async function startServer(
  environment: Record<string, string>, { port: wantedPort }: { port?: number } = {},
): Promise<ServerProcess> {
  const port = wantedPort ?? await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => printed;
  await waitUntilReady(baseUrl, child, output);
  return {
    baseUrl,
    port,
    output,
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
