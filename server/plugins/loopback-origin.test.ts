import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

/** Development at 127.0.0.1 as well as localhost (docs/operations.md#one-origin-in-development). */
describe('a page asked for at another loopback name', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' }));
  });
  afterAll(async () => close());

  const get = (host: string, url = '/storefront?x=1', method: 'GET' | 'POST' = 'GET') =>
    app.inject({ method, url, headers: { host } });

  it('is sent to the same address at the site’s own name, so the card frame is not cross-origin', async () => {
    for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
      const answer = await get(host);
      expect(answer.statusCode).toBe(307);
      expect(answer.headers.location).toBe('http://localhost:3000/storefront?x=1');
    }
  });

  it('is left alone at the site’s own name, on another port, for a form post, or for another host', async () => {
    expect((await get('localhost:3000', '/healthz')).statusCode).toBe(200);
    expect((await get('127.0.0.1:4000', '/healthz')).statusCode).toBe(200);
    expect((await get('127.0.0.1:3000', '/api/nothing', 'POST')).statusCode).not.toBe(307);
    expect((await get('example.com:3000', '/healthz')).statusCode).toBe(200);
  });
});
