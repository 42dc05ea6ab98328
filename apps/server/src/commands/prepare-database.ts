import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../seed.ts';

/**
 * `npm run db:prepare`: migrates the database `npm start` would open (DATA_DIR or DATABASE_URL)
 * and loads the reference data and the built-in roles, without serving anything. A deployment
 * runs it before starting the new version's processes, which then start at once; the first
 * superadmin is left to the first start, which prints its password. The embedded database must
 * not be in use by a running server meanwhile.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database.db, { info: (message) => process.stdout.write(`${message}\n`) });
  } finally {
    await database.close();
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  const details = error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`The database could not be prepared: ${details}\n`);
  process.exit(1);
});
