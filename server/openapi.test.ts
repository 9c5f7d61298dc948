import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_NAMES } from '../core/api.ts';
import { ApiErrorSchema, okSchema, withErrors } from '../core/api-schemas.ts';
import { createTestApp } from './test/app.ts';

/**
 * Routes that declare no response, and why. The web app's pages (server/modules/site/web-app.ts
 * and seo.routes.ts) answer HTML, redirects and files of the build; the not-found handler is not a
 * route. Fastify's HEAD twins of GET routes are left out below.
 */
const PAGES = ['GET /', 'GET /*', 'GET /robots.txt', 'GET /sitemap.xml'];

type Operation = {
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<
      string,
      { properties: Record<string, { enum?: unknown[] }>; required: string[] }
    >;
  };
};

/** The document's path of a Fastify route: `/api/trackings/:id` → `/api/trackings/{id}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let document: Document;
let routes: { method: string; url: string }[];
beforeAll(async () => {
  testApp = await createTestApp();
  const response = await testApp.app.inject('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  document = response.json();
  routes = testApp.app.routeTable.filter(
    (route) => route.method !== 'HEAD' && !PAGES.includes(`${route.method} ${route.url}`),
  );
});
afterAll(() => testApp.close());

describe('one described API', () => {
  it('has every route but the pages declare its responses, so the document lists it', () => {
    // A route without a response schema is left out of the document (server/plugins/openapi.ts).
    const undescribed = routes
      .filter((route) => !document.paths[documentPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(undescribed).toEqual([]);
    // The exemptions are real routes still (a renamed page would leave a stale entry here).
    const table = testApp.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(PAGES.filter((page) => !table.includes(page))).toEqual([]);
  });

  it('publishes an OpenAPI 3.1 document at /api/openapi.json with every /api route and its answers', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('TripPlus API');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    const api = routes.filter((route) => route.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(50);
    for (const route of api) {
      const operation = document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      const where = `${route.method} ${route.url}`;
      expect(operation, where).toBeDefined();
      const statuses = Object.keys(operation!.responses);
      expect({ where, answers: statuses.some((status) => /^[23]\d\d$/.test(status)) }).toEqual({
        where,
        answers: true,
      });
      // Every error, whatever its status, is the one error shape.
      for (const range of ['4XX', '5XX'])
        expect({
          where,
          range,
          schema: operation!.responses[range]?.content?.['application/json']?.schema,
        }).toEqual({ where, range, schema: { $ref: '#/components/schemas/ApiError' } });
    }
    expect(Object.keys(document.paths).filter((path) => path.includes(':'))).toEqual([]);
  });

  it('lists the error shape as a component whose `error` is exactly the closed list of error names', () => {
    const error = document.components.schemas.ApiError!;
    expect(error.properties.error!.enum).toEqual([...ERROR_NAMES]);
    expect(error.required).toEqual(expect.arrayContaining(['ok', 'code', 'error', 'message']));
  });
});

describe('answers held to their schemas', () => {
  let strict: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // The sandbox's token API allows 30 a minute at scale 1; at 0.1, three.
    strict = await createTestApp({ RATE_LIMIT_SCALE: 0.1 });
    // A route whose answer breaks its own schema, as a service drifting from its contract would.
    strict.app.get(
      '/api/test/drifted',
      { schema: { response: withErrors({ 200: okSchema({ miles: z.number() }) }) } },
      async () => ({ ok: true, miles: 'many' }),
    );
  });
  afterAll(() => strict.close());

  it('turns an answer that breaks its schema into a 500 in the error shape, not a wrong answer', async () => {
    const response = await strict.app.inject('/api/test/drifted');
    expect(response.statusCode).toBe(500);
    expect(ApiErrorSchema.parse(response.json()).error).toBe('INTERNAL');
  });

  it('answers rate limits and unknown API paths with names from the list', async () => {
    const unknown = await strict.app.inject('/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(unknown.json()).error).toBe('NOT_FOUND');

    // @fastify/rate-limit's own limit on a route (the sandbox processor's token API).
    const tokens = () =>
      strict.app.inject({
        method: 'POST',
        url: '/sandbox-pay/v1/tokens',
        payload: { number: '4242', expiry: '12/30', cvc: '123' },
      });
    let limited = await tokens();
    for (let attempt = 0; attempt < 5 && limited.statusCode !== 429; attempt += 1)
      limited = await tokens();
    expect(limited.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(limited.json()).error).toBe('RATE_LIMITED');
  });
});
