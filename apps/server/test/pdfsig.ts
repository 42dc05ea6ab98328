import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { x509 } from '../src/platform/pki/x509.ts';

const run = promisify(execFile);

/** What pdfsig says of a PDF; its exit code is 0 for valid and tampered files alike, so read the text. */
export type Pdfsig = (pdf: Uint8Array, name: string) => Promise<string>;

/**
 * poppler's pdfsig trusting `ca` alone: an NSS database under `directory` holds it (pdfsig
 * trusts what such a database holds). PDFs are written to `directory` under their name.
 */
export async function pdfsigTrusting(ca: x509.X509Certificate, directory: string): Promise<Pdfsig> {
  const nssDirectory = await mkdtemp(join(directory, 'nss-'));
  const caFile = join(nssDirectory, 'ca.pem');
  await writeFile(caFile, ca.toString('pem'));
  await run('certutil', ['-N', '-d', `sql:${nssDirectory}`, '--empty-password']);
  await run('certutil', ['-A', '-d', `sql:${nssDirectory}`, '-n', 'receta-ca', '-t', 'CT,C,C', '-i', caFile]);
  return async (pdf, name) => {
    const path = join(directory, name);
    await writeFile(path, pdf);
    const { stdout } = await run('pdfsig', ['-nssdir', `sql:${nssDirectory}`, path]);
    return stdout;
  };
}
