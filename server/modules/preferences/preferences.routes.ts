import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_COOKIE, MONEY_CURRENCY_COOKIE } from '../../../core/api.ts';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { DEFAULT_MONEY_CURRENCY, isMoneyCurrency, pickLanguage } from '../../../core/locale.ts';
import {
  LanguageSchema,
  MoneyCurrencySchema,
  SetLanguageSchema,
  SetMoneyCurrencySchema,
} from '../../../core/preferences.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import type { Sessions } from '../auth/index.ts';
import { setPreferenceCookies } from './preference-cookies.ts';

/**
 * The set-language and set-currency calls (docs/product/platform.md#the-named-calls). A visitor's
 * choice lives in a cookie the server reads to answer in the right language; members will also keep
 * it on the account.
 */
export const preferencesRoutes: FastifyPluginAsyncZod<{
  secureCookies: boolean;
  sessions: Sessions;
  db: Db;
}> = async (app, { secureCookies, sessions, db }) => {
  /** A member's choice is also kept on the account, so it follows them to another browser. */
  const remember = async (
    request: Parameters<Sessions['current']>[0],
    change: { language?: string; currency?: string },
  ) => {
    const session = await sessions.current(request);
    if (session)
      await db
        .update(members)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(members.id, session.member.id));
  };
  const PreferencesSchema = z.object({
    ok: z.literal(true),
    language: LanguageSchema,
    currency: MoneyCurrencySchema,
  });

  app.get(
    '/preferences',
    { schema: { response: withErrors({ 200: PreferencesSchema }) } },
    async (request) => {
      const currency = request.cookies[MONEY_CURRENCY_COOKIE];
      return {
        ok: true as const,
        language: pickLanguage(
          request.cookies[LANGUAGE_COOKIE] ?? request.headers['accept-language'],
        ),
        currency: isMoneyCurrency(currency) ? currency : DEFAULT_MONEY_CURRENCY,
      };
    },
  );

  app.post(
    '/preferences/language',
    {
      schema: {
        body: SetLanguageSchema,
        response: withErrors({ 200: okSchema({ language: LanguageSchema }) }),
      },
    },
    async (request, reply) => {
      await remember(request, { language: request.body.language });
      setPreferenceCookies(reply, { language: request.body.language }, secureCookies);
      return { ok: true as const, language: request.body.language };
    },
  );

  app.post(
    '/preferences/currency',
    {
      schema: {
        body: SetMoneyCurrencySchema,
        response: withErrors({ 200: okSchema({ currency: MoneyCurrencySchema }) }),
      },
    },
    async (request, reply) => {
      await remember(request, { currency: request.body.currency });
      setPreferenceCookies(reply, { currency: request.body.currency }, secureCookies);
      return { ok: true as const, currency: request.body.currency };
    },
  );
};
