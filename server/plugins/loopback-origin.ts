import type { FastifyInstance } from 'fastify';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * In development the site is one origin, PUBLIC_URL (http://localhost:3000 by default), and the
 * simulated payment processor's card frame lives there too. A page opened at 127.0.0.1 (or [::1])
 * on the same port is another origin to the browser, which then blocks the card frame as
 * cross-origin. So a page asked for at another loopback name is sent to the same address at
 * PUBLIC_URL's. Never in production, and never when PUBLIC_URL is not a loopback address.
 */
export function registerLoopbackOrigin(app: FastifyInstance, publicUrl: string): void {
  const site = new URL(publicUrl);
  if (!LOOPBACK.has(site.hostname)) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const host = request.headers.host ?? '';
    let asked: URL;
    try {
      asked = new URL(`${site.protocol}//${host}`);
    } catch {
      return;
    }
    if (asked.hostname === site.hostname || !LOOPBACK.has(asked.hostname)) return;
    if (asked.port !== site.port) return;
    return reply.redirect(`${site.origin}${request.url}`, 307);
  });
}
