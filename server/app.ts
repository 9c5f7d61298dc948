import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ClientConfig } from '../core/client-config.ts';
import { listSetting, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoContent } from './db/seed.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { awardSearchFromConfig } from './modules/awards/award-search-setup.ts';
import { AwardSamples } from './modules/awards/award-samples.ts';
import { AwardSearches } from './modules/awards/award-searches.service.ts';
import { awardsRoutes } from './modules/awards/awards.routes.ts';
import { Accounts } from './modules/auth/accounts.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { Sessions } from './modules/auth/sessions.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { CaptchaService } from './modules/captcha/captcha.service.ts';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes.ts';
import { MailDelivery, dkimFromConfig } from './modules/mail/mail-outbox.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { configuredProviders } from './modules/social/providers.ts';
import { SocialSignIn } from './modules/social/social.service.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { preferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { staticDataRoutes } from './modules/site/static-data.routes.ts';
import { seoRoutes } from './modules/site/seo.routes.ts';
import { trackingChecksFromConfig } from './modules/trackings/tracking-setup.ts';
import { startJobs } from './jobs.ts';
import { paymentsFromConfig } from './modules/payments/payments-setup.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import type { Payments } from './modules/payments/payments.service.ts';
import type { SandboxPay } from './modules/payments/sandbox/sandbox-pay.ts';
import { sandboxPayRoutes } from './modules/payments/sandbox/sandbox-pay.routes.ts';
import { sponsorshipsFromConfig } from './modules/sponsorships/sponsorship-setup.ts';
import type { Sponsorships } from './modules/sponsorships/sponsorships.service.ts';
import { sponsorshipsRoutes } from './modules/sponsorships/sponsorships.routes.ts';
import type { TrackingChecks } from './modules/trackings/tracking-checks.ts';
import type { TrackingLinks } from './modules/trackings/tracking-links.ts';
import { Trackings } from './modules/trackings/trackings.service.ts';
import { trackingsRoutes } from './modules/trackings/trackings.routes.ts';
import { cardData } from '../data/cards.ts';
import { guideData } from '../data/guides.ts';
import { CardCatalogue } from './modules/cards/catalogue.ts';
import { cardsRoutes } from './modules/cards/cards.routes.ts';
import { Guides } from './modules/guides/guides.service.ts';
import { guidesRoutes } from './modules/guides/guides.routes.ts';
import { ordersRoutes } from './modules/storefront/orders.routes.ts';
import { priceAlertsRoutes } from './modules/storefront/price-alerts.routes.ts';
import { staffRoutes } from './modules/storefront/staff.routes.ts';
import type { PriceAlerts } from './modules/storefront/price-alerts.service.ts';
import type { StorefrontOrders } from './modules/storefront/orders.service.ts';
import { storefrontFromConfig } from './modules/storefront/storefront-setup.ts';
import type { StorefrontData } from '../data/storefront.ts';
import { salePromotion } from './modules/storefront/sale-banner.ts';
import { storefrontRoutes } from './modules/storefront/storefront.routes.ts';
import { sharesFromConfig } from './modules/shares/shares-setup.ts';
import { articlesFromConfig } from './modules/articles/articles-setup.ts';
import { articlesRoutes, groupsRoutes, mediaRoutes } from './modules/articles/articles.routes.ts';
import { embedLookup } from './modules/articles/embeds.ts';
import type { Articles } from './modules/articles/articles.service.ts';
import { sharesRoutes } from './modules/shares/shares.routes.ts';
import { newsletterFromConfig, type Newsletter } from './modules/newsletter/newsletter-setup.ts';
import { newsletterRoutes, oneClickRoutes } from './modules/newsletter/newsletter.routes.ts';
import { Wallets } from './modules/cards/wallet.service.ts';
import { SCRIPT_LOADER, loadWebRenderer, registerWebApp } from './modules/site/web-app.ts';
import { changesKeptPages, type PageCache } from './modules/site/page-cache.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { loggerOptions } from './logging.ts';
import { frameworkErrors, registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { resolveAppSecret } from './secret.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    sessions: Sessions;
    mail: MailDelivery;
    trackings: Trackings;
    trackingChecks: TrackingChecks;
    trackingLinks: TrackingLinks;
    payments: Payments;
    sandboxPay: SandboxPay;
    sponsorships: Sponsorships;
    storefrontOrders: StorefrontOrders;
    priceAlerts: PriceAlerts;
    articles: Articles;
    newsletter: Newsletter;
    /** Pages rendered for visitors, kept briefly; cleared when what they show changes. */
    pageCache: PageCache<unknown>;
    /** Every route as registered, for tests that must cover all of them (CSRF walk). */
    routeTable: { method: string; url: string; csrf: boolean }[];
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An already open database (tests share one per file); otherwise opened from the settings. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The clock of dated facts (welcome offers, transfer ratios and bonuses, mile sales, alliance memberships in the guides); tests pin it. */
  now?: () => Date;
  /** The storefront's catalogue in place of data/storefront/ (tests of the checkout's mechanics: server/test/storefront.ts). */
  storefront?: StorefrontData;
}

/** Builds the whole server as one Fastify instance; `main.ts` listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const https = config.PUBLIC_URL.startsWith('https://');
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An empty JSON body means "no body" (a bare POST to /api/auth/logout); anything else goes
  // through Fastify's own parser, which refuses prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  const routeTable: { method: string; url: string; csrf: boolean }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, csrf: route.config?.csrf !== false });
  });
  app.decorate('routeTable', routeTable);
  app.decorate('config', config);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onIdleError: (error) => app.log.warn({ err: error }, 'database connection lost; it will be replaced'),
    }));
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', () => database.close());
  if (config.SEED_DEMO) await seedDemoContent(database.db);

  const secret = resolveAppSecret(config);
  const sessions = new Sessions({ db: database.db, ttlDays: config.SESSION_TTL_DAYS, secureCookies: https });
  const mail = new MailDelivery({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log, leaseSeconds: config.MAIL_LEASE_S, dkim: dkimFromConfig(config) });
  const captcha = new CaptchaService({ config, db: database.db, secret });
  const accounts = new Accounts({ db: database.db, config, secret, captcha, mail, sessions, log: app.log, activated: (member) => newsletter.subscriptions.subscribeAtActivation(member) });
  const providers = configuredProviders(config);
  const social = new SocialSignIn({ db: database.db, config, secret, providers, log: app.log });
  const awardSearch = awardSearchFromConfig(config, app.log);
  const awardSamples = new AwardSamples({ search: awardSearch.start, now: () => new Date() });
  const awardSearches = new AwardSearches({ db: database.db, search: awardSearch.start, now: () => new Date(), maintenance: config.AWARD_SEARCH_MAINTENANCE, liveScanMembers: listSetting(config.LIVE_SCAN_MEMBERS), log: app.log });
  // Outside tests the simulated inventory is built at boot, so the first search does not wait for it.
  if (config.NODE_ENV !== 'test') app.addHook('onReady', async () => void awardSearch.start().catch((error: unknown) => app.log.error({ err: error }, 'award search could not start')));
  const tracking = trackingChecksFromConfig({ config, database, secret, search: awardSearch.start, mail, log: app.log });
  const cardCatalogue = new CardCatalogue(cardData(), options.now);
  const wallets = new Wallets({ db: database.db, catalogue: cardCatalogue });
  const guides = new Guides({ guides: guideData(), cards: cardData(), now: options.now ?? (() => new Date()) });
  const trackings = new Trackings({ db: database.db, checks: tracking.checks, links: tracking.links, now: () => new Date(), log: app.log });
  // The sandbox processor's webhooks come back into this server without leaving the process.
  const paying = paymentsFromConfig({
    config,
    database,
    secret,
    log: app.log,
    deliver: async (body, headers) => (await app.inject({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: body, headers })).statusCode,
  });
  const sponsoring = sponsorshipsFromConfig({ config, database, payments: paying.payments, log: app.log });
  const storefront = storefrontFromConfig({ config, database, payments: paying.payments, samples: () => awardSamples.get(), log: app.log, ...(options.now ? { now: options.now } : {}), ...(options.storefront ? { data: options.storefront } : {}) });
  // Visitors' kept pages go with any change through the API that a page may show (docs/security.md#kept-pages),
  // before the answer leaves, so the next page asked shows it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && changesKeptPages(request.method, request.routeOptions.url)) app.pageCache?.clear();
    return payload;
  });
  const writing = await articlesFromConfig({
    config,
    database,
    embeds: embedLookup({ card: (id) => cardCatalogue.get(id), programmes: () => [...guides.library('airline'), ...guides.library('hotel')] }),
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  const newsletter = newsletterFromConfig({
    config,
    database,
    secret,
    mail,
    log: app.log,
    product: { sales: () => storefront.catalogue.list(), cards: () => cardCatalogue.list({}), articles: async () => (await writing.articles.recent(1)).articles },
    ...(options.now ? { now: options.now } : {}),
  });
  const shares = await sharesFromConfig({ config, database, catalogue: cardCatalogue, articles: writing.articles, groups: writing.groups, log: app.log, ...(options.now ? { now: options.now } : {}) });
  // The background jobs run here unless worker processes run them (JOBS=off, `npm run worker`).
  let jobs: Awaited<ReturnType<typeof startJobs>> | null = null;
  if (config.JOBS === 'in-process') app.addHook('onReady', async () => void (jobs = await startJobs({ database, areas: [tracking.jobs, sponsoring.jobs, storefront.jobs, writing.jobs, newsletter.jobs], log: app.log })));
  app.addHook('onReady', async () => paying.sandbox.start());
  app.addHook('onClose', async () => {
    paying.sandbox.stop();
    await paying.sandbox.settle();
    newsletter.sender.stop();
    await jobs?.stop();
    await trackings.settle();
    await awardSearches.settle();
    await awardSearch.close();
  });
  app.decorate('sessions', sessions);
  app.decorate('mail', mail);
  app.decorate('trackings', trackings);
  app.decorate('trackingChecks', tracking.checks);
  app.decorate('trackingLinks', tracking.links);
  app.decorate('payments', paying.payments);
  app.decorate('sandboxPay', paying.sandbox);
  app.decorate('sponsorships', sponsoring.sponsorships);
  app.decorate('storefrontOrders', storefront.orders);
  app.decorate('priceAlerts', storefront.alerts);
  app.decorate('articles', writing.articles);
  app.decorate('newsletter', newsletter);
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', () => mail.stop());

  // Before every plugin: one registered earlier keeps Fastify's own error handler, whose shape no
  // route's schema allows (the OpenAPI document's route answered a 500 so).
  registerErrorHandler(app);
  await app.register(cookie);
  // Counted in the database: every server process together, and nothing forgotten at a restart.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  // Brotli at a middle quality: most of the size win for a fraction of the CPU of quality 11.
  await app.register(compress, { threshold: 1024, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } });
  // The built web app renders the pages; its colour-scheme script and the script loader are the inline scripts the CSP allows.
  const renderer = await loadWebRenderer(config.WEB_DIST);
  await registerSecurityHeaders(app, {
    https,
    captchaScriptUrl: config.CAPTCHA_SCRIPT_URL,
    paymentOrigins: paying.payments.provider.origins,
    inlineScripts: renderer ? [renderer.colorSchemeScript().code, SCRIPT_LOADER] : [],
  });
  await app.register(csrfPlugin, { secureCookies: https, secret, publicUrl: config.PUBLIC_URL });
  // Before every route: the OpenAPI document is made from the routes as they are added.
  await app.register(openApiPlugin);
  registerInputGuard(app);
  registerMetrics(app, { token: config.METRICS_TOKEN, trustProxy: config.TRUST_PROXY });

  await app.register(healthRoutes);
  // The sandbox's own pages and calls stand in for a processor's; a site on Stripe has no use for them.
  if (config.PAYMENT_PROVIDER === 'sandbox') await app.register(sandboxPayRoutes, { sandbox: paying.sandbox, rateLimitScale: config.RATE_LIMIT_SCALE });
  await app.register(staticDataRoutes, { convenience: shares.convenience });
  await app.register(mediaRoutes, { articles: writing.articles });
  await app.register(seoRoutes, {
    renderer,
    origin: config.PUBLIC_URL,
    paramValues: {
      '/cardplus/c/:id': () => cardCatalogue.list({}).map((card) => card.id),
      '/rewardslib/:programme': () => guides.library('airline').map((entry) => entry.id),
      '/hotelslib/:programme': () => guides.library('hotel').map((entry) => entry.id),
      '/storefront/buy/:programme': () => storefront.catalogue.list().map((programme) => programme.id),
      // Shared records, but not sample data (docs/shares.md#sample-data).
      '/cardplus/card-renewal-offer/:card': async () => (await shares.offers.overview()).filter((entry) => entry.summary.samples === 0).map((entry) => entry.card.id),
      '/cardplus/uscard-in-tw/:store': async () => (await shares.stores.list({}, null)).filter((store) => !store.sample).map((store) => store.slug),
      '/share/article/:slug': () => writing.articles.publishedSlugs(),
      '/share/group/:slug': () => writing.groups.publicSlugs(),
    },
  });
  await app.register(
    async (api) => {
      // Staff routes check the role before anything else (CSRF, checked at the root, comes first).
      api.addHook('onRequest', sessions.staffFirst('/api/admin/'));
      await api.register(preferencesRoutes, { secureCookies: https, sessions, db: database.db });
      await api.register(promotionsRoutes, { fallback: (language) => salePromotion(storefront.catalogue, language) });
      await api.register(analyticsRoutes, { mode: config.ANALYTICS, rateLimitScale: config.RATE_LIMIT_SCALE });
      await api.register(authRoutes, { accounts, sessions, publicUrl: config.PUBLIC_URL, secureCookies: https, rateLimitScale: config.RATE_LIMIT_SCALE });
      await api.register(meRoutes, { db: database.db, sessions, secureCookies: https });
      await api.register(captchaRoutes, { captcha });
      await api.register(awardsRoutes, { searches: awardSearches, samples: awardSamples, sessions });
      await api.register(trackingsRoutes, { trackings, sessions });
      await api.register(cardsRoutes, { catalogue: cardCatalogue, wallets, sessions });
      await api.register(storefrontRoutes, { catalogue: storefront.catalogue });
      await api.register(priceAlertsRoutes, { alerts: storefront.alerts, sessions });
      await api.register(staffRoutes, { orders: storefront.orders, sessions });
      await api.register(ordersRoutes, { orders: storefront.orders, payments: paying.payments, sessions, rateLimitScale: config.RATE_LIMIT_SCALE });
      await api.register(sharesRoutes, { offers: shares.offers, stores: shares.stores, flags: shares.flags, convenience: shares.convenience, sessions, rateLimitScale: config.RATE_LIMIT_SCALE });
      await api.register(groupsRoutes, { groups: writing.groups, flags: shares.flags, sessions, rateLimitScale: config.RATE_LIMIT_SCALE });
      await api.register(articlesRoutes, { articles: writing.articles, groups: writing.groups, flags: shares.flags, sessions, maxImageBytes: config.ARTICLE_IMAGE_MAX_BYTES, rateLimitScale: config.RATE_LIMIT_SCALE });
      await api.register(guidesRoutes, { guides, wallets, sessions, rateLimitScale: config.RATE_LIMIT_SCALE });
      // A demonstration in production keeps the sandbox's test card numbers off its pages (docs/operations.md#demo-mode).
      await api.register(paymentsRoutes, { payments: paying.payments, sessions, timeZone: config.BILLING_TIME_ZONE, supportEmail: config.SUPPORT_EMAIL, testCards: config.NODE_ENV === 'production' ? [] : paying.sandbox.testCards() });
      await api.register(sponsorshipsRoutes, { sponsorships: sponsoring.sponsorships, payments: paying.payments, sessions });
      await api.register(newsletterRoutes, { subscriptions: newsletter.subscriptions, issues: newsletter.issues, links: newsletter.links, sessions, captcha, webhookToken: config.MAIL_WEBHOOK_TOKEN, rateLimitScale: config.RATE_LIMIT_SCALE });
      await api.register(socialRoutes, { social, sessions, accounts, publicUrl: config.PUBLIC_URL, secureCookies: https, rateLimitScale: config.RATE_LIMIT_SCALE });
    },
    { prefix: '/api' },
  );

  await app.register(oneClickRoutes, { subscriptions: newsletter.subscriptions });

  // Mail the site would send, readable in the browser; never in production.
  if (config.NODE_ENV !== 'production') await app.register(devMailboxRoutes, { db: database.db });

  const clientConfig: ClientConfig = {
    cardVariantDomain: config.CARD_VARIANT_DOMAIN,
    analytics: config.ANALYTICS !== 'off',
    maintenance: config.MAINTENANCE,
    demo: config.DEMO_MODE,
    supportEmail: config.SUPPORT_EMAIL,
    publicUrl: config.PUBLIC_URL,
    captcha: {
      provider: config.CAPTCHA_PROVIDER,
      siteKey: config.CAPTCHA_SITE_KEY,
      scriptUrl: config.CAPTCHA_SCRIPT_URL,
      onLogin: config.CAPTCHA_ON_LOGIN,
    },
    lossyEmailDomains: listSetting(config.LOSSY_EMAIL_DOMAINS),
    resendIntervalMs: config.ACTIVATION_RESEND_INTERVAL_S * 1000,
    socialProviders: [...providers.keys()],
    rates: cardData().rates,
    storefrontOrders: config.CREDITING_PARTNER === 'sandbox' ? 'sandbox' : 'closed',
  };
  const web = await registerWebApp(app, {
    distDir: config.WEB_DIST,
    renderer,
    clientConfig,
    origin: config.PUBLIC_URL,
    secureCookies: https,
    cacheSeconds: config.PAGE_CACHE_S,
    sourceMaps: config.NODE_ENV !== 'production',
  });
  app.decorate('pageCache', web.cache);
  return app;
}
