import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Finish requests in flight, close the database, then leave; never hang forever.
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`TripPlus is serving http://localhost:${config.PORT} on ${app.database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
