import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/install-test-tools.sh', import.meta.url));
const tools = ['pdfsig', 'pdftotext', 'certutil'];

// The script runs with a PATH holding only stand-ins: `id` says who runs it, `apt-get` writes
// down how it was called and, on install, puts the tools in place. Nothing is installed for real.
let bin: string;
let aptLog: string;

beforeEach(async () => {
  bin = await mkdtemp(join(tmpdir(), 'test-tools-'));
  aptLog = join(bin, 'apt-get.log');
});

afterEach(() => rm(bin, { recursive: true, force: true }));

async function stub(name: string, body: string): Promise<void> {
  await writeFile(join(bin, name), `#!/bin/sh\n${body}\n`);
  await chmod(join(bin, name), 0o755);
}

function runningAs(uid: number): Promise<void> {
  return stub('id', `echo ${uid}`);
}

function withAptGet({ installs }: { installs: boolean }): Promise<void> {
  const putTools = tools.map((tool) => `printf '#!/bin/sh\\n' > "${bin}/${tool}" && /bin/chmod +x "${bin}/${tool}"`);
  return stub('apt-get', [
    `echo "DEBIAN_FRONTEND=$DEBIAN_FRONTEND $*" >> "${aptLog}"`,
    installs ? `if [ "$1" != update ]; then ${putTools.join(' && ')}; fi` : '',
  ].join('\n'));
}

function run() {
  const result = spawnSync('/bin/bash', [script], { env: { PATH: bin }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function aptCalls(): Promise<string[]> {
  return (await readFile(aptLog, 'utf8').catch(() => '')).split('\n').filter(Boolean);
}

describe('the set-up before npm test', () => {
  it('only looks when pdfsig, pdftotext and certutil are there', async () => {
    for (const tool of tools) await stub(tool, '');
    await runningAs(0);
    await withAptGet({ installs: true });
    expect(run()).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(await aptCalls()).toEqual([]);
  });

  it('installs poppler-utils and libnss3-tools with apt-get when run as root', async () => {
    await stub('pdfsig', '');
    await runningAs(0);
    await withAptGet({ installs: true });
    expect(run().status).toBe(0);
    expect(await aptCalls()).toEqual([
      'DEBIAN_FRONTEND= update -qq',
      'DEBIAN_FRONTEND=noninteractive install -y -qq poppler-utils libnss3-tools',
    ]);
  });

  it('stops with one line saying what to install when not root', async () => {
    await stub('pdfsig', '');
    await runningAs(1000);
    await withAptGet({ installs: true });
    const result = run();
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      'The signature tests need pdftotext certutil: install them first, e.g. sudo apt-get install -y poppler-utils libnss3-tools (macOS: brew install poppler nss)',
    ]);
    expect(await aptCalls()).toEqual([]);
  });

  it('stops when run as root on a system without apt-get', async () => {
    await runningAs(0);
    const result = run();
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('The signature tests need pdfsig pdftotext certutil');
  });

  it('stops when the tools are still missing after the install', async () => {
    await runningAs(0);
    await withAptGet({ installs: false });
    const result = run();
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('still missing after installing poppler-utils libnss3-tools');
  });
});
