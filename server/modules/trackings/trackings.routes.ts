import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  AwardNamesSchema,
  AwardQuerySchema,
  TrackingAllowanceSchema,
  TrackingViewSchema,
} from '../../../core/awards/api-schemas.ts';
import {
  CreateTrackingSchema,
  StopTrackingSchema,
} from '../../../core/awards/tracking-contract.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import { awardNames } from '../awards/index.ts';
import type { Trackings } from './trackings.service.ts';

/**
 * The tracking API (docs/trackings.md#api): a member's trackings and their allowance of tracking
 * days, and the stop link of the e-mails, which works without a login because it is signed.
 */
export const trackingsRoutes: FastifyPluginAsyncZod<{
  trackings: Trackings;
  sessions: Sessions;
}> = async (app, { trackings, sessions }) => {
  const member = (request: Parameters<Sessions['current']>[0]) => sessions.requireMember(request);
  const Params = z.object({ id: z.uuid() });
  const Lang = z.enum(['en', 'zh-Hant', 'zh-Hans']).default('en');

  app.get(
    '/trackings',
    {
      schema: {
        querystring: z.object({ lang: Lang }),
        response: withErrors({
          200: okSchema({
            trackings: z.array(TrackingViewSchema),
            allowance: TrackingAllowanceSchema,
            names: AwardNamesSchema,
          }),
        }),
      },
    },
    async (request) => {
      const { trackings: list, allowance } = await trackings.list(await member(request));
      const codes = list.flatMap((tracking) => [tracking.query.origin, tracking.query.destination]);
      return {
        ok: true as const,
        trackings: list,
        allowance,
        names: awardNames(
          list.flatMap((tracking) => tracking.flights),
          codes,
          request.query.lang,
        ),
      };
    },
  );

  app.post(
    '/trackings',
    {
      schema: {
        body: CreateTrackingSchema,
        response: withErrors({
          200: okSchema({ tracking: TrackingViewSchema, allowance: TrackingAllowanceSchema }),
        }),
      },
    },
    async (request) => {
      const created = await trackings.create(await member(request), request.body);
      return { ok: true as const, ...created };
    },
  );

  app.get(
    '/trackings/:id',
    {
      schema: {
        params: Params,
        querystring: z.object({ lang: Lang }),
        response: withErrors({
          200: okSchema({ tracking: TrackingViewSchema, names: AwardNamesSchema }),
        }),
      },
    },
    async (request) => {
      const tracking = await trackings.get(await member(request), request.params.id);
      if (!tracking) throw new AppError('NOT_FOUND', { message: 'No such tracking.' });
      return {
        ok: true as const,
        tracking,
        names: awardNames(
          tracking.flights,
          [tracking.query.origin, tracking.query.destination],
          request.query.lang,
        ),
      };
    },
  );

  // Keep-tracking on or off after creation (docs/product/trackings.md#states).
  app.patch(
    '/trackings/:id',
    {
      schema: {
        params: Params,
        body: z.object({ keepTracking: z.boolean() }).strict(),
        response: withErrors({
          200: okSchema({ tracking: TrackingViewSchema, allowance: TrackingAllowanceSchema }),
        }),
      },
    },
    async (request) => {
      const signedIn = await member(request);
      const changed = await trackings.setKeepTracking(
        signedIn,
        request.params.id,
        request.body.keepTracking,
      );
      if (!changed) throw new AppError('NOT_FOUND', { message: 'No such tracking.' });
      return { ok: true as const, ...changed };
    },
  );

  app.delete(
    '/trackings/:id',
    {
      schema: {
        params: Params,
        response: withErrors({ 200: okSchema({ allowance: TrackingAllowanceSchema }) }),
      },
    },
    async (request) => {
      const signedIn = await member(request);
      if (!(await trackings.remove(signedIn, request.params.id)))
        throw new AppError('NOT_FOUND', { message: 'No such tracking.' });
      return { ok: true as const, allowance: await trackings.allowance(signedIn) };
    },
  );

  // A mail client's one-click unsubscribe posts a form (RFC 8058: "List-Unsubscribe=One-Click").
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(
          new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')),
        ),
      );
    },
  );

  // The stop page posts here; so does a mail client's one-click unsubscribe, which carries no
  // cookie and no CSRF token: the signature in the address is the proof instead, and it can only
  // stop the one tracking it was made for.
  app.post(
    '/trackings/stop',
    {
      schema: {
        querystring: z.record(z.string(), z.string()),
        body: z.record(z.string(), z.unknown()).optional(),
        response: withErrors({
          200: okSchema({
            stopped: z.boolean().describe('False when it had already stopped'),
            query: AwardQuerySchema.nullable(),
          }),
        }),
      },
      config: { csrf: false },
    },
    async (request) => {
      const parsed = StopTrackingSchema.safeParse({ ...request.query, ...request.body });
      if (!parsed.success)
        throw new AppError('TRACKING_LINK_INVALID', {
          message: 'This stop link is not valid. Sign in to manage your trackings.',
        });
      const result = await trackings.stop(parsed.data.tracking, parsed.data.signature);
      return { ok: true as const, ...result };
    },
  );
};
