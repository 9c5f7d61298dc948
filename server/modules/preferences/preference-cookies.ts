import type { FastifyReply } from 'fastify';
import { LANGUAGE_COOKIE, MONEY_CURRENCY_COOKIE } from '../../../core/api.ts';

const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * The visitor's language and money currency, kept for a year in cookies the web app reads (not
 * HttpOnly) and the server reads to answer in the right language.
 */
export function setPreferenceCookies(
  reply: FastifyReply,
  choice: { language?: string | undefined; currency?: string | undefined },
  secureCookies: boolean,
): void {
  const options = {
    path: '/',
    sameSite: 'lax' as const,
    secure: secureCookies,
    httpOnly: false,
    maxAge: ONE_YEAR_S,
  };
  if (choice.language) reply.setCookie(LANGUAGE_COOKIE, choice.language, options);
  if (choice.currency) reply.setCookie(MONEY_CURRENCY_COOKIE, choice.currency, options);
}
