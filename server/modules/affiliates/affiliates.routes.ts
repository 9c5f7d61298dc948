import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AffiliateApplicationSchema,
  AffiliateViewSchema,
  REFERRAL_COOKIE,
  REFERRAL_DAYS,
  StaffAffiliateViewSchema,
} from '../../../core/affiliates.ts';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { Sessions } from '../auth/index.ts';
import type { Affiliates } from './affiliates.service.ts';

/** An affiliate's own page and application; staff's decisions (support). */
export const affiliatesRoutes: FastifyPluginAsyncZod<{
  affiliates: Affiliates;
  sessions: Sessions;
  rateLimitScale: number;
}> = async (app, { affiliates, sessions, rateLimitScale }) => {
  const Answer = withErrors({ 200: okSchema({ affiliate: AffiliateViewSchema.nullable() }) });
  // The programme's terms, for the public page.
  app.get(
    '/affiliates/programme',
    {
      schema: {
        response: withErrors({
          200: okSchema({ commissionPercent: z.number(), referralDays: z.number().int() }),
        }),
      },
    },
    async () => ({
      ok: true as const,
      commissionPercent: affiliates.commissionPercent,
      referralDays: REFERRAL_DAYS,
    }),
  );
  app.get('/affiliates/me', { schema: { response: Answer } }, async (request) => {
    const member = await sessions.requireMember(request);
    const row = await affiliates.of(member.id);
    return { ok: true as const, affiliate: row ? await affiliates.view(row) : null };
  });
  app.post(
    '/affiliates',
    {
      schema: { body: AffiliateApplicationSchema, response: Answer },
      preHandler: rateLimited(app, 'feedback', rateLimitScale),
    },
    async (request) => {
      const member = await sessions.requireMember(request);
      return {
        ok: true as const,
        affiliate: await affiliates.view(await affiliates.apply(member.id, request.body)),
      };
    },
  );

  app.get(
    '/admin/affiliates',
    {
      schema: {
        response: withErrors({ 200: okSchema({ affiliates: z.array(StaffAffiliateViewSchema) }) }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      return { ok: true as const, affiliates: await affiliates.forStaff() };
    },
  );
  for (const decision of ['approve', 'refuse'] as const)
    app.post(
      `/admin/affiliates/:id/${decision}`,
      {
        schema: {
          params: z.object({ id: z.uuid() }),
          response: withErrors({ 200: okSchema({}) }),
        },
      },
      async (request) => {
        const staff = await sessions.requireStaff(request);
        await affiliates.decide(request.params.id, decision, staff);
        return { ok: true as const };
      },
    );
};

/**
 * Affiliate links at the site's root (docs/affiliates.md#links): a page asked for with `?ref=CODE`
 * of an approved affiliate counts a click and sets the first-party cookie for REFERRAL_DAYS; a
 * signed-in member's request that brings the cookie turns it into their referral, and the cookie
 * is cleared. Nothing here runs for a request without `ref` or the cookie.
 */
export function registerReferrals(
  app: FastifyInstance,
  options: { affiliates: Affiliates; sessions: Sessions; secureCookies: boolean; now: () => Date },
): void {
  const cookie = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
  };
  app.addHook('onRequest', async (request, reply) => {
    const ref = (request.query as Record<string, unknown> | undefined)?.ref;
    if (request.method === 'GET' && typeof ref === 'string' && !request.url.startsWith('/api/')) {
      const affiliate = await options.affiliates.byCode(ref.toUpperCase());
      if (affiliate) {
        const at = options.now();
        await options.affiliates.click(affiliate, at);
        reply.setCookie(REFERRAL_COOKIE, `${affiliate.code}.${at.getTime()}`, {
          ...cookie,
          maxAge: REFERRAL_DAYS * 86_400,
        });
      }
      return;
    }
    const value = request.cookies[REFERRAL_COOKIE];
    if (!value || !request.url.startsWith('/api/')) return;
    const member = (await options.sessions.current(request))?.member;
    if (!member) return;
    const [code = '', at = ''] = value.split('.');
    await options.affiliates.refer(member.id, code, new Date(Number(at) || 0));
    reply.clearCookie(REFERRAL_COOKIE, cookie);
  });
}
