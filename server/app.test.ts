import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf } from './test/app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
  // A route that fails unexpectedly, to see what a visitor would be told.
  testApp.app.get('/api/test/boom', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
});
afterAll(() => testApp.close());

describe('health and metrics', () => {
  it('answers /healthz and /readyz with the database reachable', async () => {
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
    const health = (await testApp.app.inject('/healthz')).json();
    expect(health.ok).toBe(true);
    // The package's version, and the commit this checkout is at.
    expect(health.version).toMatch(
      new RegExp(`^${version.replaceAll('.', '\\.')}(\\+[0-9a-f]{4,40})?$`),
    );
    const ready = await testApp.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().ok).toBe(true);
  });

  it('serves Prometheus text with request counts by route', async () => {
    await testApp.app.inject('/healthz');
    const metrics = await testApp.app.inject('/metrics');
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(
      /http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
  });

  it('shows metrics to this machine only, whatever X-Forwarded-For says, or to the holder of the token', async () => {
    const remote = await testApp.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ error: 'NOT_FOUND' });
    expect(remote.body).not.toContain('http_requests_total');

    const token = 'metrics-token-0123456789';
    const scraped = await createTestApp({ METRICS_TOKEN: token, TRUST_PROXY: true });
    try {
      expect(
        (await scraped.app.inject({ url: '/metrics', remoteAddress: '203.0.113.5' })).statusCode,
      ).toBe(404);
      // Behind a proxy every request comes from loopback: without the token that is not enough.
      expect((await scraped.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect(
        (
          await scraped.app.inject({
            url: '/metrics',
            headers: { authorization: 'Bearer wrong-token-0123456789' },
          })
        ).statusCode,
      ).toBe(404);
      const allowed = await scraped.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.5',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('http_requests_total');
    } finally {
      await scraped.close();
    }
  });
});

describe('browser features and event throttling', () => {
  it('turns off the browser features the site never uses', async () => {
    const policy = String((await testApp.app.inject('/healthz')).headers['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)'])
      expect(policy).toContain(feature);
  });

  it('throttles analytics events from one address', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: 0.05 });
    try {
      const statuses: number[] = [];
      for (let event = 0; event < 5; event++) {
        statuses.push(
          (
            await strict.app.inject({
              method: 'POST',
              url: '/api/analytics/events',
              payload: { name: 'landing_visit', path: '/' },
              ...csrf(),
            })
          ).statusCode,
        );
      }
      // 60 a minute at scale 0.05: three.
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('unknown API paths and data files', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await testApp.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });

  it('serves the convenience-store data file', async () => {
    const response = await testApp.app.inject('/static/711_stores.json');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.stores.map((store: { name: string }) => store.name)).toContain('小巨蛋');
    expect(body.source).toContain('7-11');
  });
});

describe('security headers', () => {
  it('enforces a Content-Security-Policy that allows scripts only from this origin', async () => {
    const response = await testApp.app.inject('/');
    const policy = response.headers['content-security-policy'];
    expect(typeof policy).toBe('string');
    expect(response.headers['content-security-policy-report-only']).toBeUndefined();
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets scripts, frames and connections come from this site only: no ad network, map tiles or help-desk widget (docs/product/site.md#outside-services-replaced-or-left-out)', async () => {
    const response = await testApp.app.inject('/');
    const policy = String(response.headers['content-security-policy']);
    const origin = new URL(testApp.app.config.PUBLIC_URL).origin;
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'default-src']) {
      const sources =
        policy
          .split(';')
          .find((part) => part.trim().startsWith(`${directive} `))
          ?.trim()
          .split(/\s+/)
          .slice(1) ?? [];
      expect({ directive, some: sources.length > 0 }).toEqual({ directive, some: true });
      const foreign = sources.filter(
        (source) => source !== "'self'" && source !== origin && !source.startsWith("'sha256-"),
      );
      expect({ directive, foreign }).toEqual({ directive, foreign: [] });
    }
  });
});

describe('errors', () => {
  it('names the bad field of invalid input in the one JSON shape', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/preferences/currency',
      payload: { currency: 'EUR' },
      ...csrf(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      ok: false,
      error: 'INVALID_INPUT',
      fields: { currency: expect.any(String) },
    });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const protection = csrf();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/preferences/currency',
      payload: '{"currency": ',
      headers: { 'content-type': 'application/json', ...protection.headers },
      cookies: protection.cookies,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'INVALID_INPUT' });
  });

  it('never shows internals in a 500', async () => {
    const response = await testApp.app.inject('/api/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      ok: false,
      code: -99,
      error: 'INTERNAL',
      message: 'There is something wrong, please try it later.',
    });
    expect(response.body).not.toContain('postgres://');
  });
});
