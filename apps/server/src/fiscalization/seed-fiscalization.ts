import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDatabase } from '../seed.ts';
import { FiscalizationRefusal } from './api-client.ts';
import { formatFiscalizationReport } from './fiscalization-report.ts';
import { superadminEmail } from './fiscalization-cases.ts';
import { assertFreshDatabase, seedFiscalization } from './fiscalization-seed.ts';

/** Settles the seed's mail as kept, so that no later start with SMTP tries the made-up addresses. */
async function keepMailInOutbox(app: FastifyInstance): Promise<void> {
  for (;;) {
    const { kept } = await app.mailDelivery.deliverDue();
    if (kept === 0) return;
  }
}

/**
 * `npm run seed:fiscalization`: fills a fresh database, the one `npm start` would open (DATA_DIR
 * or DATABASE_URL), with the cases of Disp. DNSISA 1/2025 Annex I, then prints the accounts and
 * prescriptions made. With the embedded database, the server must be stopped meanwhile.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    // Before anything is written, even the reference data a start would load.
    await assertFreshDatabase(database.db);
    let generatedPassword: string | undefined;
    const admin = { email: config.admin.email ?? superadminEmail, password: config.admin.password };
    await seedDatabase(database.db, {
      admin,
      log: { info: (message) => process.stdout.write(`${message}\n`) },
      announce: (_email, password) => {
        generatedPassword = password;
      },
    });
    const password = generatedPassword ?? admin.password;
    if (!password) {
      throw new FiscalizationRefusal(
        'El superadministrador ya existe y su contraseña no está en ADMIN_PASSWORD: defina ADMIN_EMAIL y ADMIN_PASSWORD con sus datos.',
      );
    }
    // The accounts' addresses are made up: their mail stays in the outbox, whatever SMTP_URL says,
    // and the request log stays out of the handover sheet.
    app = await buildApp({
      config: { ...config, smtpUrl: undefined, smsWebhookUrl: undefined, logLevel: 'warn' }, database,
    });
    await app.ready();
    const summary = await seedFiscalization(app, { superadmin: { email: admin.email, password } });
    await keepMailInOutbox(app);
    process.stdout.write(formatFiscalizationReport(summary, {
      publicUrl: config.publicUrl, isSuperadminPasswordConfigured: generatedPassword === undefined,
    }));
  } finally {
    // Closing the app closes the database too.
    await (app ? app.close() : database.close());
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  const isExplained = error instanceof FiscalizationRefusal || error instanceof ConfigError;
  const details = error instanceof Error ? error.stack : String(error);
  process.stderr.write(isExplained ? `${error.message}\n` : `The fiscalization environment could not be loaded: ${details}\n`);
  process.exit(1);
});
