import { dayOf } from '../core/dated.ts';
import { factsEndingWithin } from '../data/freshness.ts';
import { buildApp } from './app.ts';
import { closeOnSignals, settingsOrExit } from './process.ts';

async function main(): Promise<void> {
  const config = settingsOrExit();
  const app = await buildApp({ config });
  // Finish requests in flight and close the database before leaving.
  closeOnSignals(() => app.close().then(() => undefined), app.log);

  // Offers, ratios and memberships that end soon drop out of the site by themselves; the log
  // reminds whoever keeps data/ to check what follows them (docs/data-audit.md#keeping-it-fresh).
  const ending = factsEndingWithin(dayOf(new Date()), 14);
  if (ending.length > 0)
    app.log.warn(
      { facts: ending.map((fact) => `${fact.until} ${fact.file} ${fact.record}: ${fact.what}`) },
      `${ending.length} reference facts end within 14 days`,
    );

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    `TripPlus is serving http://localhost:${config.PORT} on ${app.database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
