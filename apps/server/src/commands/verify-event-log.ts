import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { countEvents, describeChainReport, verifyEventLog } from '../platform/event-log/index.ts';
import { loadMasterKeyring } from '../platform/pki/index.ts';

/**
 * `npm run audit:verify`: walks the event log of the database `npm start` would open (DATA_DIR
 * or DATABASE_URL) and says whether its chain holds or where it first breaks; exit status 1
 * when it breaks. The embedded database must not be in use by a running server meanwhile.
 */
async function main(): Promise<boolean> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const keyring = await loadMasterKeyring(config.eventLog, config.dataDir, 'event-log.key');
    const [total, report] = await Promise.all([countEvents(database.db), verifyEventLog(database.db, keyring)]);
    process.stdout.write(`${describeChainReport(total, report)}\n`);
    return report.firstBroken === null;
  } finally {
    await database.close();
  }
}

main().then((intact) => process.exit(intact ? 0 : 1), (error: unknown) => {
  const details = error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`The event log could not be verified: ${details}\n`);
  process.exit(2);
});
