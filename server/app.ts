import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoContent } from './db/seed.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import {
  articlesRoutes,
  groupsRoutes,
  mediaRoutes,
  type Articles,
} from './modules/articles/index.ts';
import { authRoutes, type Sessions } from './modules/auth/index.ts';
import { awardsRoutes } from './modules/awards/index.ts';
import { captchaRoutes } from './modules/captcha/index.ts';
import { cardsRoutes } from './modules/cards/index.ts';
import { assistantRoutes } from './modules/assistant/index.ts';
import { feedbackRoutes } from './modules/feedback/index.ts';
import { noticesRoutes } from './modules/notices/index.ts';
import { guidesRoutes } from './modules/guides/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { devMailboxRoutes, type MailDelivery } from './modules/mail/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { newsletterRoutes, oneClickRoutes, type Newsletter } from './modules/newsletter/index.ts';
import {
  paymentsRoutes,
  sandboxPayRoutes,
  type Payments,
  type SandboxPay,
} from './modules/payments/index.ts';
import { preferencesRoutes } from './modules/preferences/index.ts';
import { promotionsRoutes } from './modules/promotions/index.ts';
import { sharesRoutes } from './modules/shares/index.ts';
import {
  SCRIPT_LOADER,
  clientConfigOf,
  changesKeptPages,
  loadWebRenderer,
  registerWebApp,
  seoRoutes,
  staticDataRoutes,
  type PageCache,
} from './modules/site/index.ts';
import { socialRoutes } from './modules/social/index.ts';
import { shopRoutes } from './modules/shop/index.ts';
import { affiliatesRoutes, registerReferrals } from './modules/affiliates/index.ts';
import { sponsorshipsRoutes, type Sponsorships } from './modules/sponsorships/index.ts';
import {
  ordersRoutes,
  priceAlertsRoutes,
  salePromotion,
  storefrontRoutes,
  type PriceAlerts,
  type StorefrontOrders,
} from './modules/storefront/index.ts';
import {
  trackingsRoutes,
  type TrackingChecks,
  type TrackingLinks,
  type Trackings,
} from './modules/trackings/index.ts';
import { seoParamValues } from './seo-params.ts';
import { registerStaffApi } from './staff-api.ts';
import { createServices, type Clock, type ServiceOptions, type Services } from './services.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { databaseRateLimitStore } from './plugins/rate-limit-store.ts';
import { loggerOptions } from './logging.ts';
import { frameworkErrors, registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { registerLoopbackOrigin } from './plugins/loopback-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

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
    /** Every service, as the composition root built them (server/services.ts). */
    services: Services;
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
  now?: Clock;
  storefront?: ServiceOptions['storefront'];
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
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, csrf: route.config?.csrf !== false });
  });
  app.decorate('routeTable', routeTable);
  app.decorate('config', config);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onIdleError: (error) =>
        app.log.warn({ err: error }, 'database connection lost; it will be replaced'),
    }));
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', () => database.close());
  if (config.SEED_DEMO) await seedDemoContent(database.db);

  // The sandbox processor's webhooks come back into this server without leaving the process.
  const services = await createServices(config, database, app.log, options.now, {
    ...(options.storefront ? { storefront: options.storefront } : {}),
    sandboxWebhooks: async (body, headers) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox',
          payload: body,
          headers,
        })
      ).statusCode,
  });
  const {
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
    trackings,
    cards,
    wallets,
    guides,
    payments,
    sandboxPay,
    sponsorships,
    storefront,
    articles,
    groups,
    newsletter,
    shares,
    siteSearch,
    feedback,
  } = services;
  // Outside tests the simulated inventory is built at boot, so the first search does not wait for it.
  if (config.NODE_ENV !== 'test')
    app.addHook(
      'onReady',
      async () =>
        void awardSearch
          .start()
          .catch((error: unknown) => app.log.error({ err: error }, 'award search could not start')),
    );
  // Visitors' kept pages go with any change through the API that a page may show (docs/security.md#kept-pages),
  // before the answer leaves, so the next page asked shows it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && changesKeptPages(request.method, request.routeOptions.url))
      app.pageCache?.clear();
    return payload;
  });
  // The background jobs run here unless worker processes run them (JOBS=off, `npm run worker`).
  app.addHook('onReady', async () => {
    await services.start();
    if (config.JOBS === 'in-process') await services.startJobs();
  });
  app.addHook('onClose', () => services.stop());
  app.decorate('services', services);
  app.decorate('sessions', sessions);
  app.decorate('mail', mail);
  app.decorate('trackings', trackings);
  app.decorate('trackingChecks', services.trackingChecks);
  app.decorate('trackingLinks', services.trackingLinks);
  app.decorate('payments', payments);
  app.decorate('sandboxPay', sandboxPay);
  app.decorate('sponsorships', sponsorships);
  app.decorate('storefrontOrders', storefront.orders);
  app.decorate('priceAlerts', storefront.alerts);
  app.decorate('articles', articles);
  app.decorate('newsletter', newsletter);

  // Before every plugin: one registered earlier keeps Fastify's own error handler, whose shape no
  // route's schema allows (the OpenAPI document's route answered a 500 so).
  registerErrorHandler(app);
  if (config.NODE_ENV !== 'production') registerLoopbackOrigin(app, config.PUBLIC_URL);
  const rateLimitScale = config.RATE_LIMIT_SCALE;
  await app.register(cookie);
  // Counted in the database: every server process together, and nothing forgotten at a restart.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  // Brotli at a middle quality: most of the size win for a fraction of the CPU of quality 11.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // The built web app renders the pages; its colour-scheme script and the script loader are the inline scripts the CSP allows.
  const renderer = await loadWebRenderer(config.WEB_DIST);
  await registerSecurityHeaders(app, {
    https,
    captchaScriptUrl: config.CAPTCHA_SCRIPT_URL,
    paymentOrigins: payments.provider.origins,
    inlineScripts: renderer ? [renderer.colorSchemeScript().code, SCRIPT_LOADER] : [],
  });
  await app.register(csrfPlugin, { secureCookies: https, secret, publicUrl: config.PUBLIC_URL });
  // Before every route: the OpenAPI document is made from the routes as they are added.
  await app.register(openApiPlugin);
  registerInputGuard(app);
  const { answered } = registerMetrics(app, config);

  registerReferrals(app, {
    ...services,
    secureCookies: https,
    now: options.now ?? (() => new Date()),
  });
  await app.register(healthRoutes);
  // The sandbox's own pages and calls stand in for a processor's; a site on Stripe has no use for them.
  if (config.PAYMENT_PROVIDER === 'sandbox')
    await app.register(sandboxPayRoutes, {
      sandbox: sandboxPay,
      rateLimitScale,
    });
  await app.register(staticDataRoutes, { convenience: shares.convenience });
  await app.register(mediaRoutes, { articles });
  await app.register(seoRoutes, {
    renderer,
    origin: config.PUBLIC_URL,
    paramValues: seoParamValues(services),
  });
  await app.register(
    async (api) => {
      // Staff routes check the role before anything else (CSRF, checked at the root, comes first).
      api.addHook('onRequest', sessions.staffFirst('/api/admin/'));
      // Cards staff edited on another process show here within two seconds (docs/staff.md#content).
      api.addHook('onRequest', () => services.refreshContent());
      await api.register(preferencesRoutes, { secureCookies: https, sessions, db: database.db });
      await api.register(promotionsRoutes, {
        fallback: (language) => salePromotion(storefront.catalogue, language),
        promo: services.promoSources,
      });
      await api.register(analyticsRoutes, { mode: config.ANALYTICS, rateLimitScale });
      await api.register(authRoutes, {
        accounts,
        sessions,
        publicUrl: config.PUBLIC_URL,
        secureCookies: https,
        rateLimitScale,
      });
      await api.register(profileRoutes, { db: database.db, sessions, secureCookies: https });
      await api.register(captchaRoutes, { captcha });
      await api.register(awardsRoutes, {
        searches: awardSearches,
        samples: awardSamples,
        sessions,
      });
      await api.register(trackingsRoutes, { trackings, sessions });
      await api.register(cardsRoutes, { catalogue: cards, wallets, sessions });
      await api.register(storefrontRoutes, { catalogue: storefront.catalogue });
      await api.register(priceAlertsRoutes, { alerts: storefront.alerts, sessions });
      await api.register(ordersRoutes, {
        orders: storefront.orders,
        payments,
        sessions,
        rateLimitScale,
      });
      await api.register(sharesRoutes, {
        offers: shares.offers,
        stores: shares.stores,
        flags: shares.flags,
        convenience: shares.convenience,
        sessions,
        rateLimitScale,
      });
      await api.register(groupsRoutes, { groups, flags: shares.flags, sessions, rateLimitScale });
      await api.register(articlesRoutes, {
        articles,
        groups,
        flags: shares.flags,
        sessions,
        maxImageBytes: config.ARTICLE_IMAGE_MAX_BYTES,
        rateLimitScale,
      });
      // The assistant, its members' conversations and the MCP server for outside assistants.
      await api.register(assistantRoutes, { ...services, sessions, config });
      await api.register(feedbackRoutes, { feedback, sessions, rateLimitScale });
      await api.register(noticesRoutes, { notices: services.notices, sessions });
      await registerStaffApi(api, services, { db: database.db, answered, rateLimitScale });
      await api.register(searchRoutes, { search: siteSearch, rateLimitScale });
      await api.register(guidesRoutes, { guides, wallets, sessions, rateLimitScale });
      // A demonstration in production keeps the sandbox's test card numbers off its pages (docs/operations.md#demo-mode).
      await api.register(paymentsRoutes, {
        payments,
        sessions,
        timeZone: config.BILLING_TIME_ZONE,
        supportEmail: config.SUPPORT_EMAIL,
        testCards: config.NODE_ENV === 'production' ? [] : sandboxPay.testCards(),
      });
      await api.register(sponsorshipsRoutes, { sponsorships, payments, sessions });
      await api.register(shopRoutes, { ...services, secureCookies: https, rateLimitScale });
      await api.register(affiliatesRoutes, { ...services, rateLimitScale });
      await api.register(newsletterRoutes, {
        subscriptions: newsletter.subscriptions,
        issues: newsletter.issues,
        links: newsletter.links,
        sessions,
        captcha,
        webhookToken: config.MAIL_WEBHOOK_TOKEN,
        rateLimitScale,
      });
      await api.register(socialRoutes, {
        social,
        sessions,
        accounts,
        publicUrl: config.PUBLIC_URL,
        secureCookies: https,
        rateLimitScale,
      });
    },
    { prefix: '/api' },
  );

  await app.register(oneClickRoutes, { subscriptions: newsletter.subscriptions });

  // Mail the site would send, readable in the browser; never in production.
  if (config.NODE_ENV !== 'production') await app.register(devMailboxRoutes, { db: database.db });

  const clientConfig = clientConfigOf(config, [...providers.keys()]);
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
