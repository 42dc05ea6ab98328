import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOptionalFile, writeSecretFile } from './key-files.ts';
import { MasterKeyring } from './master-keyring.ts';

/**
 * The keyring the configuration gives, or one whose key is kept in `DATA_DIR/pki/master.key`
 * (base64, readable by the server's user alone), made at first start.
 */
export async function loadMasterKeyring(
  signing: { masterKey: Buffer | undefined; previousMasterKeys: Buffer[] }, dataDir: string,
): Promise<MasterKeyring> {
  if (signing.masterKey) return new MasterKeyring(signing.masterKey, signing.previousMasterKeys);
  const path = join(dataDir, 'pki', 'master.key');
  const stored = await readOptionalFile(path);
  if (stored) return new MasterKeyring(Buffer.from(stored.toString('utf8').trim(), 'base64'), signing.previousMasterKeys);
  const key = randomBytes(32);
  await writeSecretFile(path, `${key.toString('base64')}\n`);
  return new MasterKeyring(key, signing.previousMasterKeys);
}
