import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOptionalFile, writeSecretFile } from './key-files.ts';
import { MasterKeyring } from './master-keyring.ts';

/** A current key and the keys a rotation retired, as the configuration gives them. */
export interface ConfiguredKeys {
  masterKey: Buffer | undefined;
  previousMasterKeys: Buffer[];
}

/**
 * The keyring the configuration gives, or one whose key is kept in `DATA_DIR/pki/<fileName>`
 * (base64, readable by the server's user alone), made at first start.
 */
export async function loadMasterKeyring(
  signing: ConfiguredKeys, dataDir: string, fileName = 'master.key',
): Promise<MasterKeyring> {
  if (signing.masterKey) return new MasterKeyring(signing.masterKey, signing.previousMasterKeys);
  const path = join(dataDir, 'pki', fileName);
  const stored = await readOptionalFile(path);
  if (stored) return new MasterKeyring(Buffer.from(stored.toString('utf8').trim(), 'base64'), signing.previousMasterKeys);
  const key = randomBytes(32);
  await writeSecretFile(path, `${key.toString('base64')}\n`);
  return new MasterKeyring(key, signing.previousMasterKeys);
}
