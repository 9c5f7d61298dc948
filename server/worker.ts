import { createLogger } from './logging.ts';
import { openDatabase } from './db/client.ts';
import { awardSearchFromConfig } from './modules/awards/award-search-setup.ts';
import { MailDelivery, dkimFromConfig } from './modules/mail/mail-outbox.ts';
import { trackingChecksFromConfig } from './modules/trackings/tracking-setup.ts';
import { startJobs } from './jobs.ts';
import { paymentsFromConfig } from './modules/payments/payments-setup.ts';
import { sponsorshipsFromConfig } from './modules/sponsorships/sponsorship-setup.ts';
import { storefrontFromConfig } from './modules/storefront/storefront-setup.ts';
import { articlesFromConfig } from './modules/articles/articles-setup.ts';
import { cardData } from '../data/cards.ts';
import { CardCatalogue } from './modules/cards/catalogue.ts';
import { newsletterFromConfig } from './modules/newsletter/newsletter-setup.ts';
import { closeOnSignals, settingsOrExit } from './process.ts';
import { resolveAppSecret } from './secret.ts';

/**
 * `npm run worker`: the background jobs without the web server
 * (docs/architecture.md#background-jobs), for running them on other machines than the API. Tracking
 * check cycles come from pg-boss (one cron in the database however many workers run); e-mails go
 * out from the outbox. It needs PostgreSQL: the embedded PGlite is one process's, and `npm start`
 * runs these jobs itself.
 */

async function main(): Promise<void> {
  const config = settingsOrExit();
  if (!config.DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL (PostgreSQL). On the embedded database, `npm start` runs the background jobs itself.');
    process.exit(1);
  }
  const log = createLogger(config, 'worker');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, onIdleError: (error) => log.warn({ err: error }, 'database connection lost; it will be replaced') });
  const awardSearch = awardSearchFromConfig(config, log);
  const mail = new MailDelivery({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log, leaseSeconds: config.MAIL_LEASE_S, dkim: dkimFromConfig(config) });
  const secret = resolveAppSecret(config);
  const tracking = trackingChecksFromConfig({ config, database, secret, search: awardSearch.start, mail, log });
  const paying = paymentsFromConfig({ config, database, secret, log });
  const sponsoring = sponsorshipsFromConfig({ config, database, payments: paying.payments, log });
  const storefront = storefrontFromConfig({ config, database, payments: paying.payments, log });
  const writing = await articlesFromConfig({ config, database, log });
  const cards = new CardCatalogue(cardData());
  const newsletter = newsletterFromConfig({
    config,
    database,
    secret,
    mail,
    log,
    product: { sales: () => storefront.catalogue.list(), cards: () => cards.list({}), articles: async () => (await writing.articles.recent(1)).articles },
  });
  await awardSearch.start();
  const jobs = await startJobs({ database, areas: [tracking.jobs, sponsoring.jobs, storefront.jobs, writing.jobs, newsletter.jobs], log });
  mail.start();
  paying.sandbox.start();
  log.info({ interval: config.TRACKING_CHECK_INTERVAL_MIN }, 'worker running: tracking checks, sponsorship renewals, storefront crediting, clean-up of pictures of deleted articles, the newsletter and mail delivery');

  closeOnSignals(async () => {
    paying.sandbox.stop();
    await paying.sandbox.settle();
    newsletter.sender.stop();
    await jobs.stop();
    await mail.stop();
    await awardSearch.close();
    await database.close();
  }, log);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
