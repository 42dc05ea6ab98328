import type { MasterKeyring } from '../pki/index.ts';

let installed: MasterKeyring | undefined;

/**
 * The event log's keys for this process. Events are recorded from deep inside every module's
 * transactions (`recordAudit`), so the keys are installed once at start-up rather than handed
 * down through each call. A second installation (tests build several apps in one process)
 * keeps opening what the first one sealed.
 */
export function installEventLogKeys(keyring: MasterKeyring): void {
  installed = installed ? installed.joinedWith(keyring) : keyring;
}

export function eventLogKeys(): MasterKeyring {
  if (!installed) throw new Error('The event log keys are not installed: buildApp installs them');
  return installed;
}
