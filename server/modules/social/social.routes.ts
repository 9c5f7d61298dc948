import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_COOKIE, MONEY_CURRENCY_COOKIE } from '../../../core/api.ts';
import { withErrors } from '../../../core/api-schemas.ts';
import { SOCIAL_CODES } from '../../../core/auth.ts';
import { pickLanguage } from '../../../core/locale.ts';
import { AppError } from '../../errors.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { Accounts } from '../auth/index.ts';
import type { Sessions } from '../auth/index.ts';
import { setPreferenceCookies } from '../preferences/index.ts';
import { safeReturnPath } from '../../../core/return-path.ts';
import type { SocialSignIn } from './social.service.ts';

const STATE_COOKIE = 'oauth_state';

/**
 * Social sign-in (docs/product/accounts.md#social-sign-in, with its `from`). Start sends the
 * browser to the provider; the callback comes back with a code. The callback is a GET that signs
 * in: it is bound to this browser by the signed state cookie, which is the OAuth 2.0 CSRF defence.
 */
export const socialRoutes: FastifyPluginAsyncZod<{
  social: SocialSignIn;
  sessions: Sessions;
  accounts: Accounts;
  publicUrl: string;
  secureCookies: boolean;
  rateLimitScale: number;
}> = async (app, options) => {
  const { social, sessions, accounts, secureCookies } = options;
  const Params = z.object({ provider: z.string().max(20) });
  // Both calls answer the browser with a redirect and no body.
  const ToProvider = withErrors({
    302: z.undefined().describe("To the provider's sign-in page, with the signed state cookie set"),
  });
  const BackToSite = withErrors({
    302: z
      .undefined()
      .describe(
        'Back to the page the sign-in started from, signed in; on failure with ?social_error=<result code> (-101 failed, -103 early adopters only; docs/product/accounts.md#result-codes)',
      ),
  });
  // The provider sends the browser back to the configured public address, never to the request's Host.
  const redirectUri = (provider: string) =>
    `${options.publicUrl}/api/auth/social/${provider}/callback`;

  app.get(
    '/auth/social/:provider/start',
    {
      schema: {
        params: Params,
        querystring: z.object({ from: z.string().max(300).optional() }),
        response: ToProvider,
      },
      preHandler: rateLimited(app, 'social', options.rateLimitScale),
    },
    async (request, reply) => {
      const provider = social.provider(request.params.provider);
      if (!provider)
        throw new AppError('NOT_FOUND', {
          message: 'This sign-in provider is not available.',
        });
      const { location, cookie } = await social.begin(
        provider,
        redirectUri(provider.id),
        safeReturnPath(request.query.from),
      );
      reply.setCookie(STATE_COOKIE, cookie, {
        path: '/api/auth/social',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: 600,
      });
      return reply.redirect(location);
    },
  );

  app.get(
    '/auth/social/:provider/callback',
    {
      schema: {
        params: Params,
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
        response: BackToSite,
      },
      preHandler: rateLimited(app, 'social', options.rateLimitScale),
    },
    async (request, reply) => {
      const saved = social.openState(request.cookies[STATE_COOKIE]);
      reply.clearCookie(STATE_COOKIE, { path: '/api/auth/social' });
      const back = (path: string, code?: number) =>
        reply.redirect(
          code === undefined
            ? path
            : `${path}${path.includes('?') ? '&' : '?'}social_error=${code}`,
        );
      const provider = social.provider(request.params.provider);
      // Checked again as it leaves: the sealed state is ours, but the redirect is the last word.
      const from = safeReturnPath(saved?.from);
      // The state, the code and the provider's error are checked by the OAuth client in complete().
      if (!provider || !saved || saved.provider !== provider.id)
        return back(from, SOCIAL_CODES.failed);
      try {
        const member = await social.complete({
          provider,
          callback: new URLSearchParams(
            Object.entries(request.query).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          ),
          saved,
          redirectUri: redirectUri(provider.id),
          language: pickLanguage(
            request.cookies[LANGUAGE_COOKIE] ?? request.headers['accept-language'],
          ),
        });
        await sessions.start(request, reply, member.id, request.headers['user-agent'] ?? '');
        // The browser's language and currency, when it chose them, become the account's (as on a password login).
        const settled = await accounts.settlePreferences(member, {
          language: request.cookies[LANGUAGE_COOKIE],
          currency: request.cookies[MONEY_CURRENCY_COOKIE],
        });
        setPreferenceCookies(
          reply,
          { language: settled.language, currency: settled.currency },
          secureCookies,
        );
        return back(from);
      } catch (error) {
        const code = error instanceof AppError ? error.code : SOCIAL_CODES.failed;
        if (!(error instanceof AppError))
          request.log.error({ err: error }, 'social sign-in failed');
        return back(from, code === SOCIAL_CODES.earlyAdopter ? code : SOCIAL_CODES.failed);
      }
    },
  );
};
