import { buildApp } from './app.ts';
import { closeOnSignals, settingsOrExit } from './process.ts';

async function main(): Promise<void> {
  const config = settingsOrExit();
  const app = await buildApp({ config });
  // Finish requests in flight and close the database before leaving.
  closeOnSignals(() => app.close().then(() => undefined), app.log);

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`TripPlus is serving http://localhost:${config.PORT} on ${app.database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
