import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withErrors } from '../../core/api-schemas.ts';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const OPENAPI_PATH = '/api/openapi.json';

/** The document's groups of routes, by the start of their paths. */
const TAGS: { name: string; description: string; prefixes: string[] }[] = [
  {
    name: 'accounts',
    description:
      'Sign-up, login, activation, password reset, social sign-in, the profile, preferences, captcha',
    prefixes: ['/api/auth', '/api/me', '/api/preferences', '/api/captcha'],
  },
  {
    name: 'awards',
    description: 'Award search, its calendar and stream, and trackings',
    prefixes: ['/api/awards', '/api/trackings'],
  },
  {
    name: 'cards',
    description: 'CardPlus: the card list, the reference, the wallet and card-holder preferences',
    prefixes: ['/api/cards', '/api/card-preferences', '/api/wallet'],
  },
  {
    name: 'guides',
    description: 'Programme library, transfer partners, hotel themes and the redeem explorer',
    prefixes: ['/api/guides', '/api/transfer-partners', '/api/hotel-themes', '/api/explorer'],
  },
  {
    name: 'payments',
    description: 'Payments, receipts, sponsorship and the processor webhooks',
    prefixes: ['/api/payments', '/api/sponsorship'],
  },
  {
    name: 'site',
    description: 'Promotions, analytics, static data and this document',
    prefixes: ['/api/promotions', '/api/analytics', '/static/', OPENAPI_PATH],
  },
  {
    name: 'operations',
    description: 'Health and metrics for load balancers and monitoring',
    prefixes: ['/healthz', '/readyz', '/metrics'],
  },
  {
    name: 'sandbox processor',
    description:
      "The built-in sandbox card processor's own pages, script and token API (it stands in for a real processor; not TripPlus's API)",
    prefixes: ['/sandbox-pay'],
  },
  {
    name: 'development',
    description: 'The development mailbox; absent in production',
    prefixes: ['/dev/'],
  },
];

const tagOf = (url: string) =>
  TAGS.find((tag) => tag.prefixes.some((prefix) => url.startsWith(prefix)))?.name;

/** Enough of an OpenAPI document to say what this route answers; the rest passes through as made. */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
  components: z.looseObject({ schemas: z.record(z.string(), z.looseObject({})) }),
});

/**
 * The OpenAPI 3.1 document of the API at /api/openapi.json, made from the zod schemas every route
 * declares (fastify-type-provider-zod turns them into JSON Schema 2020-12). Registered before the
 * routes, since @fastify/swagger collects them as they are added. A route that declares no
 * response (the web app's pages) is left out: the document describes only what it can vouch for.
 */
export const openApiPlugin = fp(async (app) => {
  const zodTransform = createJsonSchemaTransform({});
  const zodComponents = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TripPlus API',
        version,
        description:
          'Award search, card tools and points guides. Every answer is `{ ok: true, ... }` or the one error shape `ApiError`; writes need the CSRF double-submit (`X-CSRFToken` header equal to the `csrftoken` cookie, and `X-Requested-With: XMLHttpRequest`).',
      },
      tags: TAGS.map(({ name, description }) => ({ name, description })),
    },
    transform: (document) => {
      if (!document.schema?.response) return { schema: { hide: true }, url: document.url };
      const transformed = zodTransform(document);
      const tag = tagOf(document.url);
      return tag ? { ...transformed, schema: { tags: [tag], ...transformed.schema } } : transformed;
    },
    transformObject: (document) => {
      const made = zodComponents(document) as {
        paths?: unknown;
        components?: { schemas?: Record<string, unknown> };
      };
      // The shared schemas are registered once for both directions; keep those the paths use.
      const used = JSON.stringify(made.paths ?? {});
      const schemas = Object.fromEntries(
        Object.entries(made.components?.schemas ?? {}).filter(([id]) =>
          used.includes(`"#/components/schemas/${id}"`),
        ),
      );
      return { ...made, components: { ...made.components, schemas } } as ReturnType<
        typeof zodComponents
      >;
    },
  });

  const documentRoute: FastifyPluginAsyncZod = async (api) => {
    api.get(
      OPENAPI_PATH,
      {
        schema: { response: withErrors({ 200: OpenApiDocumentSchema.describe('This document') }) },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return app.swagger() as z.output<typeof OpenApiDocumentSchema>;
      },
    );
  };
  await app.register(documentRoute);
});
