import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  ExplorerNamesSchema,
  ExplorerResultSchema,
  LibraryEntrySchema,
  ProgrammePageSchema,
  TransferPartnerRowSchema,
  TransferSourceSchema,
} from '../../../core/guides/api-schemas.ts';
import { ExplorerQuerySchema } from '../../../core/guides/explorer.ts';
import { HotelThemeSchema } from '../../../core/guides/guide.ts';
import { TransferPartnerQuerySchema } from '../../../core/guides/transfer-schemas.ts';
import { AppError } from '../../errors.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { Sessions } from '../auth/index.ts';
import type { Wallets } from '../cards/index.ts';
import type { Guides } from './guides.service.ts';

const Lang = z.enum(['en', 'zh-Hant', 'zh-Hans']).default('en');

/**
 * The guides (docs/guides.md#api): transfer partners (`GET /api/transfer-partners`, fixed for
 * outside callers), the programme library, hotel themes and the redeem explorer. All open to
 * visitors except the explorer's wallet mode.
 */
export const guidesRoutes: FastifyPluginAsyncZod<{
  guides: Guides;
  wallets: Wallets;
  sessions: Sessions;
  rateLimitScale: number;
}> = async (app, { guides, wallets, sessions, rateLimitScale }) => {
  const notFound = (what: string) => new AppError('NOT_FOUND', { message: `No such ${what}.` });

  const PartnersAnswer = okSchema({
    from: z.string().nullable(),
    to: z.string().nullable(),
    today: z.string().describe('The day the bonuses were read for, YYYY-MM-DD (UTC)'),
    partners: z.array(TransferPartnerRowSchema),
  });
  app.get(
    '/transfer-partners',
    {
      schema: {
        querystring: TransferPartnerQuerySchema,
        response: withErrors({ 200: PartnersAnswer }),
      },
    },
    async (request) => {
      const partners = guides.transferPartners(request.query);
      if (!partners) throw notFound(request.query.from ? 'points currency' : 'programme');
      return {
        ok: true as const,
        from: request.query.from ?? null,
        to: request.query.to ?? null,
        today: guides.today(),
        partners,
      };
    },
  );

  app.get(
    '/transfer-partners/sources',
    {
      schema: {
        response: withErrors({ 200: okSchema({ sources: z.array(TransferSourceSchema) }) }),
      },
    },
    async () => ({ ok: true as const, sources: guides.transferSources() }),
  );

  app.get(
    '/guides',
    {
      schema: {
        querystring: z.object({ kind: z.enum(['airline', 'hotel']).default('airline') }),
        response: withErrors({ 200: okSchema({ programmes: z.array(LibraryEntrySchema) }) }),
      },
    },
    async (request) => ({
      ok: true as const,
      programmes: guides.library(request.query.kind),
    }),
  );

  app.get(
    '/guides/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(60) }),
        response: withErrors({ 200: okSchema(ProgrammePageSchema.shape) }),
      },
    },
    async (request) => {
      const page = guides.programme(request.params.id);
      if (!page) throw notFound('programme');
      return { ok: true as const, ...page };
    },
  );

  app.get(
    '/hotel-themes',
    { schema: { response: withErrors({ 200: okSchema({ themes: z.array(HotelThemeSchema) }) }) } },
    async () => ({ ok: true as const, themes: guides.themes() }),
  );

  const ExplorerAnswer = okSchema({
    today: z.string(),
    result: ExplorerResultSchema,
    names: ExplorerNamesSchema,
  });
  app.get(
    '/explorer',
    {
      schema: {
        querystring: ExplorerQuerySchema.extend({ lang: Lang }),
        response: withErrors({ 200: ExplorerAnswer }),
      },
      preHandler: rateLimited(app, 'explorer', rateLimitScale),
    },
    async (request) => {
      const { lang, ...form } = request.query;
      const wallet =
        form.wallet === '1'
          ? (await wallets.get((await sessions.requireMember(request)).id)).balances
          : null;
      return { ok: true as const, today: guides.today(), ...guides.explore(form, wallet, lang) };
    },
  );
};
