import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ClientConfig } from '../core/client-config.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoContent } from './db/seed.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { preferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { staticDataRoutes } from './modules/site/static-data.routes.ts';
import { registerWebApp } from './modules/site/web-app.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Every route as registered, for tests that must cover all of them (CSRF walk). */
    routeTable: { method: string; url: string }[];
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An already open database (tests share one per file); otherwise opened from the settings. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrftoken"]', 'res.headers["set-cookie"]'],
  };
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);
  app.decorate('config', config);

  const database = options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', () => database.close());
  if (config.SEED_DEMO) await seedDemoContent(database.db);

  await app.register(cookie);
  // Brotli at a middle quality: most of the size win for a fraction of the CPU of quality 11.
  await app.register(compress, { threshold: 1024, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } });
  await registerSecurityHeaders(app, { https });
  await app.register(csrfPlugin, { secureCookies: https });
  registerErrorHandler(app);
  registerMetrics(app);

  await app.register(healthRoutes);
  await app.register(staticDataRoutes);
  await app.register(
    async (api) => {
      await api.register(preferencesRoutes, { secureCookies: https });
      await api.register(promotionsRoutes);
      await api.register(analyticsRoutes, { mode: config.ANALYTICS });
    },
    { prefix: '/api' },
  );

  const clientConfig: ClientConfig = {
    cardVariantDomain: config.CARD_VARIANT_DOMAIN,
    analytics: config.ANALYTICS !== 'off',
    maintenance: config.MAINTENANCE,
    supportEmail: config.SUPPORT_EMAIL,
    publicUrl: config.PUBLIC_URL,
  };
  await registerWebApp(app, { distDir: config.WEB_DIST, clientConfig });
  return app;
}
