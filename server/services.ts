import type { FastifyBaseLogger } from 'fastify';
import { programmes as airlineProgrammes } from '../data/reference.ts';
import { cardData } from '../data/cards.ts';
import { guideData } from '../data/guides.ts';
import type { ShopData } from '../data/shop.ts';
import type { StorefrontData } from '../data/storefront.ts';
import { listSetting, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { startJobs, type JobArea } from './jobs.ts';
import { articlesFromConfig, embedLookup } from './modules/articles/index.ts';
import { Accounts, Sessions } from './modules/auth/index.ts';
import { AwardSamples, AwardSearches, awardSearchFromConfig } from './modules/awards/index.ts';
import { CaptchaService } from './modules/captcha/index.ts';
import { CardCatalogue, Wallets } from './modules/cards/index.ts';
import { assistantFromConfig } from './modules/assistant/index.ts';
import { Feedback } from './modules/feedback/index.ts';
import { Guides } from './modules/guides/index.ts';
import { siteSearchOf, type SiteSearch } from './modules/search/index.ts';
import { LiveSettingsStore } from './modules/staff/index.ts';
import { MailDelivery, dkimFromConfig } from './modules/mail/index.ts';
import { newsletterFromConfig } from './modules/newsletter/index.ts';
import { noticesFromConfig } from './modules/notices/index.ts';
import { paymentsFromConfig, type SandboxWebhookDelivery } from './modules/payments/index.ts';
import { sharesFromConfig } from './modules/shares/index.ts';
import { shopFromConfig } from './modules/shop/index.ts';
import { affiliatesFromConfig } from './modules/affiliates/index.ts';
import { SocialSignIn, configuredProviders } from './modules/social/index.ts';
import { sponsorshipsFromConfig } from './modules/sponsorships/index.ts';
import { saleTitle, storefrontFromConfig } from './modules/storefront/index.ts';
import { Trackings, trackingChecksFromConfig } from './modules/trackings/index.ts';
import { resolveAppSecret } from './secret.ts';
import { contentRecordsOf } from './content-records.ts';

/** The clock of dated facts (welcome offers, transfer ratios and bonuses, mile sales, alliance memberships); tests pin it. */
export type Clock = () => Date;

export interface ServiceOptions {
  /** The storefront's catalogue in place of data/storefront/ (tests of the checkout's mechanics: server/test/storefront.ts). */
  storefront?: StorefrontData;
  /** How the sandbox processor's webhooks reach the site: the server hands them to itself; otherwise they go over HTTP to PUBLIC_URL. */
  sandboxWebhooks?: SandboxWebhookDelivery;
  /** The shop's products in place of data/shop/ (tests of stock with a product of their own). */
  shop?: ShopData;
}

/**
 * The composition root: every service and every area of background jobs, built once, for the web
 * server (server/app.ts) and for `npm run worker` (server/worker.ts) alike, so neither can have a
 * service or a job the other lacks (server/services.test.ts compares the queues both start).
 * Nothing here listens or starts work: `start()` and `stop()` do, for whichever process runs the jobs.
 */
export async function createServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  clock: Clock = () => new Date(),
  options: ServiceOptions = {},
) {
  const db = database.db;
  const secret = resolveAppSecret(config);
  const sessions = new Sessions({
    db,
    ttlDays: config.SESSION_TTL_DAYS,
    staffTtlHours: config.STAFF_SESSION_HOURS,
    secureCookies: config.PUBLIC_URL.startsWith('https://'),
  });
  const mail = new MailDelivery({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log,
    leaseSeconds: config.MAIL_LEASE_S,
    dkim: dkimFromConfig(config),
  });
  const captcha = new CaptchaService({ config, db, secret });
  const accounts = new Accounts({
    db,
    config,
    secret,
    captcha,
    mail,
    sessions,
    log,
    activated: (member) => newsletter.subscriptions.subscribeAtActivation(member),
  });
  const providers = configuredProviders(config);
  const social = new SocialSignIn({ db, config, secret, providers, log });

  // What staff switch while the site runs (maintenance), read by every process (docs/staff.md).
  const liveSettings = new LiveSettingsStore(db, {
    awardSearchMaintenance: config.AWARD_SEARCH_MAINTENANCE,
    allianceMaintenance: [],
    assistantMaintenance: config.ASSISTANT_MAINTENANCE,
    storefrontMaintenance: false,
  });
  // Searches, their cache and trackings keep the real time, as the database's now() does.
  const awardSearch = awardSearchFromConfig(config, log);
  const awardSamples = new AwardSamples({ search: awardSearch.start, now: () => new Date() });
  const awardSearches = new AwardSearches({
    db,
    search: awardSearch.start,
    now: () => new Date(),
    maintenance: () => liveSettings.on('awardSearchMaintenance'),
    restingAlliances: () => liveSettings.restingAlliances(),
    liveScanMembers: listSetting(config.LIVE_SCAN_MEMBERS),
    sources: [
      { id: 'simulated', simulated: true },
      ...(config.SEATS_AERO_API_KEY ? [{ id: 'seats-aero', simulated: false }] : []),
    ],
    log,
  });
  // Written where events happen (checks, crediting, renewals, confirmations), shown under the bell.
  const notices = noticesFromConfig({ config, database, log, now: () => new Date() });
  const tracking = trackingChecksFromConfig({
    config,
    database,
    secret,
    search: awardSearch.start,
    mail,
    notices,
    log,
  });
  const trackings = new Trackings({
    db,
    checks: tracking.checks,
    links: tracking.links,
    now: () => new Date(),
    log,
  });

  const cards = new CardCatalogue(cardData(), clock);
  const wallets = new Wallets({ db, catalogue: cards });
  const guides = new Guides({ guides: guideData(), cards: cardData(), now: clock });
  const paying = paymentsFromConfig({
    config,
    database,
    secret,
    log,
    ...(options.sandboxWebhooks ? { deliver: options.sandboxWebhooks } : {}),
  });
  const sponsoring = sponsorshipsFromConfig({
    config,
    database,
    payments: paying.payments,
    notices,
    log,
  });
  const affiliates = affiliatesFromConfig({ config, db, payments: paying.payments, now: clock });
  const shop = shopFromConfig({
    config,
    database,
    payments: paying.payments,
    secret,
    log,
    now: clock,
    ...(options.shop ? { data: options.shop } : {}),
  });
  const storefront = storefrontFromConfig({
    config,
    database,
    payments: paying.payments,
    samples: () => awardSamples.get(),
    maintenance: () => liveSettings.on('storefrontMaintenance'),
    guideRules: (id) => guides.guide(id)?.rules ?? null,
    // The crediting job's price alerts read campaigns staff confirmed since the worker started.
    refresh: () => content.refresh(),
    notices,
    log,
    now: clock,
    ...(options.storefront ? { data: options.storefront } : {}),
  });
  const content = contentRecordsOf({
    db,
    cards,
    guides,
    storefront: storefront.catalogue,
    storefrontData: options.storefront,
    clock,
  });
  // The site index and the article search read each other: the index holds the articles, the
  // article search asks the index (docs/search.md). It is built on the first search.
  let siteSearch: SiteSearch | null = null;
  const writing = await articlesFromConfig({
    config,
    database,
    match: (q) => siteSearch!.matchArticles(q),
    embeds: embedLookup({
      card: (id) => cards.get(id),
      programmes: () => [...guides.library('airline'), ...guides.library('hotel')],
    }),
    log,
    now: clock,
  });
  siteSearch = siteSearchOf({
    cards,
    guides,
    storefront: storefront.catalogue,
    articles: writing.articles.index,
  });
  const asking = assistantFromConfig(
    config,
    { guides, cards, storefront: storefront.catalogue, search: siteSearch },
    { database, log },
  );
  const newsletter = newsletterFromConfig({
    config,
    database,
    secret,
    mail,
    notices,
    log,
    product: {
      sales: () => storefront.catalogue.list(),
      cards: () => cards.list({}),
      articles: async () => (await writing.articles.recent(1)).articles,
    },
    now: clock,
  });
  const shares = await sharesFromConfig({
    config,
    database,
    catalogue: cards,
    articles: writing.articles.moderation,
    groups: writing.groups,
    log,
    now: clock,
  });

  /** What /promo lists (docs/product/site.md#promotions): the sales, bonuses and offers as they stand. */
  const promoSources = {
    db,
    sales: () => storefront.catalogue.list(),
    saleTitle,
    bonuses: () => content.bonusRecords.list(),
    cards: () => cards.list({}),
    products: () => shop.catalogue.products(),
    name: (id: string) =>
      guides.currencies().get(id)?.name ??
      airlineProgrammes().get(id)?.name ??
      cardData().hotelProgrammes.get(id)?.name ??
      null,
    now: clock,
  };

  const feedback = new Feedback({
    db,
    supportEmail: config.SUPPORT_EMAIL,
    siteUrl: config.PUBLIC_URL.replace(/\/$/, ''),
  });

  /** Every area of background jobs by name; whichever process runs jobs starts all of them. */
  const jobAreas: Record<string, JobArea> = {
    trackings: tracking.jobs,
    sponsorships: sponsoring.jobs,
    storefront: storefront.jobs,
    shop: shop.jobs,
    articles: writing.jobs,
    newsletter: newsletter.jobs,
    assistant: asking.jobs,
  };

  let jobs: Awaited<ReturnType<typeof startJobs>> | null = null;

  return {
    secret,
    sessions,
    mail,
    captcha,
    accounts,
    providers,
    social,
    awardSearch,
    awardSamples,
    awardSearches,
    trackingChecks: tracking.checks,
    trackingLinks: tracking.links,
    trackings,
    cards,
    wallets,
    guides,
    payments: paying.payments,
    sandboxPay: paying.sandbox,
    sponsorships: sponsoring.sponsorships,
    storefront,
    shop,
    affiliates,
    articles: writing.articles,
    groups: writing.groups,
    siteSearch,
    liveSettings,
    ...content,
    refreshContent: content.refresh,
    assistant: asking.assistant,
    knowledge: asking.knowledge,
    conversations: asking.conversations,
    feedback,
    notices,
    promoSources,
    newsletter,
    shares,
    jobAreas,
    /** The cards as staff left them, then the delivery loops every process runs: the mail outbox and the sandbox processor. */
    async start(): Promise<void> {
      await content.refresh(true);
      mail.start();
      paying.sandbox.start();
    },
    /** Works every job area on one pg-boss, in the server (JOBS=in-process) or a worker; answers the areas' names. */
    async startJobs(): Promise<string[]> {
      jobs = await startJobs({ database, areas: Object.values(jobAreas), log });
      return Object.keys(jobAreas);
    },
    /** Lets work in flight finish, then stops every loop, job and source; the database stays open. */
    async stop(): Promise<void> {
      paying.sandbox.stop();
      await paying.sandbox.settle();
      newsletter.sender.stop();
      await jobs?.stop();
      await mail.stop();
      await trackings.settle();
      await awardSearches.settle();
      await awardSearch.close();
      await notices.close();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
