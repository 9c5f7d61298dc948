import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_COOKIE_SECURE, CSRF_HEADER, SESSION_COOKIE } from '../../core/api.ts';
import { AppError } from '../errors.ts';
import { sameText } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route proves itself another way (a signed link a mail client posts to). */
    csrf?: boolean;
  }
  interface FastifyReply {
    /** Gives the browser a new CSRF token bound to this session token (null: no session); sessions call it as they start and end. */
    rotateCsrfToken(sessionToken: string | null): void;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * A CSRF token: a random nonce and the HMAC of it with the browser's session token, under the
 * app secret (OWASP's signed double-submit cookie). A token planted in a member's browser by
 * someone else (a sibling subdomain can set cookies) does not verify against that member's session.
 */
export function csrfToken(
  secret: string,
  sessionToken: string | null | undefined,
  nonce = randomBytes(24).toString('base64url'),
): string {
  return `${nonce}.${createHmac('sha256', secret)
    .update(`csrf\n${sessionToken ?? ''}\n${nonce}`)
    .digest('base64url')}`;
}

function isBoundTo(secret: string, sessionToken: string | undefined, token: string): boolean {
  const nonce = token.split('.')[0] ?? '';
  return (
    nonce.length > 0 &&
    token.length < 200 &&
    sameText(csrfToken(secret, sessionToken, nonce), token)
  );
}

/** A file's address: its last segment has an extension (`/assets/app-1a2b.js`, `/og-image.png`). */
function isFile(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/** Whether a browser's Origin header names this site: the configured address or the host the request came to (the card-tools host). */
function isOwnOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicUrl) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * Signed double-submit CSRF protection (ADR 002). A safe request whose browser lacks a token bound
 * to its session gets one in a cookie the web app reads; every other request must echo that cookie
 * in the `X-CSRFToken` header, the token must verify against the request's session, and the
 * browser's own word that the request comes from elsewhere (Sec-Fetch-Site: cross-site, or an
 * Origin that is not this site's) refuses it outright. Over https the cookie is `__Host-` prefixed:
 * only this exact host, over TLS, may set it.
 */
export const csrfPlugin = fp<{ secureCookies: boolean; secret: string; publicUrl: string }>(
  async (app, { secureCookies, secret, publicUrl }) => {
    const cookieName = secureCookies ? CSRF_COOKIE_SECURE : CSRF_COOKIE;
    app.decorateReply('rotateCsrfToken', function rotateCsrfToken(sessionToken: string | null) {
      this.setCookie(cookieName, csrfToken(secret, sessionToken), {
        path: '/',
        sameSite: 'lax',
        secure: secureCookies,
        httpOnly: false, // the web app reads it to echo it in the header
        maxAge: CSRF_COOKIE_MAX_AGE_S,
      });
    });

    app.addHook('onRequest', async (request, reply) => {
      const session = request.cookies[SESSION_COOKIE];
      const cookie = request.cookies[cookieName];
      if (SAFE_METHODS.has(request.method)) {
        // Pages and API answers carry the token; files (scripts, images, the sitemap) do not: a
        // Set-Cookie on a file cached for a year would keep shared caches from storing it.
        if (!isFile(request.url) && (!cookie || !isBoundTo(secret, session, cookie)))
          reply.rotateCsrfToken(session ?? null);
        return;
      }
      if (request.routeOptions.config.csrf === false) return;
      const header = request.headers[CSRF_HEADER];
      const elsewhere =
        request.headers['sec-fetch-site'] === 'cross-site' || !isOwnOrigin(request, publicUrl);
      if (
        elsewhere ||
        !cookie ||
        typeof header !== 'string' ||
        !sameText(cookie, header) ||
        !isBoundTo(secret, session, cookie)
      ) {
        throw new AppError('CSRF_FAILED', {
          message: 'The request could not be verified. Reload the page and try again.',
        });
      }
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
