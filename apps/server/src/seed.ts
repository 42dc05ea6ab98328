import { ensureBuiltInRoles } from './modules/roles/index.ts';
import { ensureSuperadmin, type SuperadminCredentials } from './modules/administrators/index.ts';
import { loadReferenceData } from './modules/lookups/index.ts';
import type { Database } from './db/client.ts';

/** The part of the logger that seeding uses; tests pass a silent one. */
export interface SeedLogger {
  info(message: string): void;
}

/** Prints the generated superadmin password once, to the console and not to the log. */
function announceSuperadmin(email: string, password: string): void {
  process.stdout.write([
    '',
    '  Superadministrador creado',
    `    email:      ${email}`,
    `    contraseña: ${password}`,
    '  Guárdela ahora: no se volverá a mostrar.',
    '',
  ].join('\n') + '\n');
}

/**
 * What the database holds before anyone uses it: the reference data and the built-in roles.
 * Safe to run again; `npm run db:prepare` runs it alone.
 */
export async function prepareDatabase(db: Database, log: SeedLogger): Promise<void> {
  await loadReferenceData(db, log);
  await ensureBuiltInRoles(db);
}

/**
 * Everything a first start needs, safe to run at every start: the prepared database, the first
 * superadmin and, when the server's URL is known, the OAuth2 demo app.
 */
export async function seedDatabase(
  db: Database,
  options: {
    admin: SuperadminCredentials;
    log: SeedLogger;
    announce?: typeof announceSuperadmin;
    /**
     * Registers the OAuth2 demo app, once the server's URL is known. main.ts hands it in: the
     * oauth2 module brings the PKI with it, which the tests' seeding has no use for.
     */
    ensureDemoClient?: (db: Database) => Promise<unknown>;
  },
): Promise<void> {
  await prepareDatabase(db, options.log);
  const created = await ensureSuperadmin(db, options.admin, options.announce ?? announceSuperadmin);
  if (created) options.log.info('superadmin created');
  if (options.ensureDemoClient) await options.ensureDemoClient(db);
}
