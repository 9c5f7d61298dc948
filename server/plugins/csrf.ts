import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER } from '../../core/api.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route proves itself another way (a signed link a mail client posts to). */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection (ADR 002). A safe request that lacks the `csrftoken` cookie gets
 * one; every other request must echo that cookie in the `X-CSRFToken` header, and a browser's
 * own word that the request is cross-site (Sec-Fetch-Site) refuses it outright.
 */
export const csrfPlugin = fp<{ secureCookies: boolean }>(
  async (app, { secureCookies }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) {
        if (!request.cookies[CSRF_COOKIE]) {
          reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
            path: '/',
            sameSite: 'lax',
            secure: secureCookies,
            httpOnly: false, // the web app reads it to echo it in the header
            maxAge: CSRF_COOKIE_MAX_AGE_S,
          });
        }
        return;
      }
      if (request.routeOptions.config.csrf === false) return;
      const cookie = request.cookies[CSRF_COOKIE];
      const header = request.headers[CSRF_HEADER];
      const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
      if (crossSite || !cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        throw new AppError('CSRF_FAILED', {
          status: 403,
          message: 'The request could not be verified. Reload the page and try again.',
        });
      }
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
