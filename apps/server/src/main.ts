import { ConfigError, loadConfig } from './config.ts';

/** Starts the single process that serves the API and the web app. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The application's modules load once the configuration has been read: a wrong setting is
  // named at once rather than after every module has loaded.
  const [{ buildApp }, { openDatabase }, { ensureDemoClient }, { seedDatabase }] = await Promise.all([
    import('./app.ts'), import('./db/client.ts'), import('./modules/oauth2/index.ts'), import('./seed.ts'),
  ]);
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  await seedDatabase(database.db, {
    admin: config.admin,
    log: app.log,
    ensureDemoClient: (db) => ensureDemoClient(db, {
      publicUrl: config.publicUrl, secret: config.oauthDemoClientSecret,
    }),
  });

  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a process that cannot close in time is ended anyway.
    const deadline = setTimeout(() => process.exit(1), 10_000);
    deadline.unref();
    app.close().then(() => process.exit(0), (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The server could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
