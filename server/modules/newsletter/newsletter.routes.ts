import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { LANGUAGES } from '../../../core/locale.ts';
import {
  BounceWebhookSchema,
  ConfirmSchema,
  IssueDraftSchema,
  IssueViewSchema,
  LinkTokenSchema,
  PreferenceChangeSchema,
  PreferenceViewSchema,
  ScheduleSchema,
  PreferenceLinkSchema,
  SubscribeSchema,
  SuppressionSchema,
} from '../../../core/newsletter.ts';
import { AppError } from '../../errors.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import type { Sessions } from '../auth/index.ts';
import type { CaptchaService } from '../captcha/index.ts';
import { sameText } from '../auth/index.ts';
import { applyInbound, readInbound } from './inbound-mail.ts';
import type { NewsletterIssues } from './issues.service.ts';
import type { NewsletterLinks } from './newsletter-links.ts';
import type { Subscriptions } from './subscriptions.service.ts';

interface Options {
  subscriptions: Subscriptions;
  issues: NewsletterIssues;
  links: NewsletterLinks;
  sessions: Sessions;
  captcha: CaptchaService;
  webhookToken: string | undefined;
  rateLimitScale: number;
}

const Done = withErrors({ 200: okSchema({}) });
const TokenQuery = z.object({ t: LinkTokenSchema });

/**
 * The newsletter's API (docs/newsletter.md#api): subscribing with a double opt-in, the preference
 * page by signed link or signed in, the one-click unsubscribe, the provider's bounce webhook,
 * and staff's issues.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { subscriptions, issues, links, sessions, captcha, webhookToken, rateLimitScale },
) => {
  const memberOf = async (request: Parameters<Sessions['current']>[0]) =>
    (await sessions.current(request))?.member ?? null;
  /** The forms anyone may send (subscribe, ask for a link) pass the robot check first. */
  const robotChecked = async (token: string, ip: string) => {
    if (!(await captcha.verify(token, ip)))
      throw new AppError('CAPTCHA_FAILED', {
        message: 'Please confirm you are not a robot.',
        fields: { captcha: 'failed' },
      });
  };

  app.post(
    '/newsletter/subscribe',
    {
      schema: { body: SubscribeSchema, response: Done },
      preHandler: rateLimited(app, 'newsletterSubscribe', rateLimitScale),
    },
    async (request) => {
      await robotChecked(request.body.captcha, request.ip);
      const member = await memberOf(request);
      await subscriptions.request({
        ...request.body,
        memberId:
          member && member.email === request.body.email.trim().toLowerCase() ? member.id : null,
      });
      return { ok: true as const };
    },
  );

  // A subscriber who is not signed in asks for their preference link by e-mail; the same answer
  // whatever the address, so it tells no one who subscribes.
  app.post(
    '/newsletter/preference-link',
    {
      schema: { body: PreferenceLinkSchema, response: Done },
      preHandler: rateLimited(app, 'newsletterSubscribe', rateLimitScale),
    },
    async (request) => {
      await robotChecked(request.body.captcha, request.ip);
      await subscriptions.sendPreferenceLink({ email: request.body.email });
      return { ok: true as const };
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        body: ConfirmSchema,
        response: withErrors({
          200: okSchema({
            subscription: PreferenceViewSchema,
            token: z.string(),
            alreadySubscribed: z.boolean(),
          }),
        }),
      },
      preHandler: rateLimited(app, 'newsletterLink', rateLimitScale),
    },
    async (request) => {
      const confirmed = await subscriptions.confirm(request.body.token);
      return {
        ok: true as const,
        subscription: confirmed.view,
        token: confirmed.token,
        alreadySubscribed: confirmed.alreadySubscribed,
      };
    },
  );

  const PreferenceAnswer = withErrors({
    200: okSchema({ subscription: PreferenceViewSchema, confirmationSent: z.boolean() }),
  });

  /** By the e-mail's signed link (`?t=`), else the signed-in member's own. */
  app.get(
    '/newsletter/preference',
    {
      schema: {
        querystring: z.object({ t: LinkTokenSchema.optional() }),
        response: PreferenceAnswer,
      },
    },
    async (request) => {
      if (request.query.t)
        return {
          ok: true as const,
          subscription: await subscriptions.byToken(request.query.t),
          confirmationSent: false,
        };
      const member = await sessions.requireMember(request);
      return {
        ok: true as const,
        subscription: await subscriptions.forMember(member),
        confirmationSent: false,
      };
    },
  );

  app.post(
    '/newsletter/preference',
    {
      schema: { body: PreferenceChangeSchema, response: PreferenceAnswer },
      preHandler: rateLimited(app, 'newsletterLink', rateLimitScale),
    },
    async (request) => {
      const { token, ...change } = request.body;
      const who = token ? { token } : { member: await sessions.requireMember(request) };
      const changed = await subscriptions.change(who, change);
      return {
        ok: true as const,
        subscription: changed.view,
        confirmationSent: changed.confirmationSent,
      };
    },
  );

  // The unsubscribe page's button posts here with the page's CSRF token.
  app.post(
    '/newsletter/unsubscribe',
    {
      schema: {
        body: z.object({ token: LinkTokenSchema }),
        response: withErrors({ 200: okSchema({ unsubscribed: z.boolean() }) }),
      },
      preHandler: rateLimited(app, 'newsletterLink', rateLimitScale),
    },
    async (request) => {
      return {
        ok: true as const,
        unsubscribed: await subscriptions.unsubscribe(request.body.token, 'preference'),
      };
    },
  );

  // The provider's bounces and complaints: JSON events, or a raw report (message/rfc822).
  app.addContentTypeParser(
    ['message/rfc822', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/newsletter/bounces',
    {
      schema: {
        body: z.unknown(),
        response: withErrors({ 200: okSchema({ outcomes: z.array(z.string()) }) }),
      },
      config: { csrf: false },
    },
    async (request) => {
      const given = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      // No token configured: the webhook is off and looks like any unknown address.
      if (!webhookToken) throw new AppError('NOT_FOUND', { message: 'Not found.' });
      if (!sameText(given, webhookToken))
        throw new AppError('WEBHOOK_REJECTED', {
          message: 'The webhook token is wrong.',
        });
      if (Buffer.isBuffer(request.body)) {
        return {
          ok: true as const,
          outcomes: await applyInbound(
            subscriptions,
            await readInbound(request.body, links.mailto),
            'dsn',
          ),
        };
      }
      const parsed = BounceWebhookSchema.safeParse(request.body);
      if (!parsed.success)
        throw new AppError('INVALID_INPUT', {
          message: 'Expected { events: [{ type, email, bounce? }] }.',
        });
      const verdicts = parsed.data.events.map((event) =>
        event.type === 'complaint'
          ? { kind: 'complaint' as const, email: event.email, detail: event.detail ?? 'complaint' }
          : {
              kind: 'bounce' as const,
              email: event.email,
              bounce: event.bounce ?? 'hard',
              detail: event.detail ?? '',
            },
      );
      return {
        ok: true as const,
        outcomes: await applyInbound(subscriptions, verdicts, 'webhook'),
      };
    },
  );

  // Staff.
  const IssueAnswer = withErrors({ 200: okSchema({ issue: IssueViewSchema }) });
  const Params = z.object({ id: z.coerce.number().int().positive() });

  app.get(
    '/admin/newsletter',
    {
      schema: {
        response: withErrors({
          200: okSchema({
            issues: z.array(IssueViewSchema),
            audience: z.record(z.string(), z.number()),
            suppressions: z.array(SuppressionSchema),
          }),
        }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      const [list, audience, suppressions] = await Promise.all([
        issues.list(),
        subscriptions.audience(),
        subscriptions.suppressions(),
      ]);
      return { ok: true as const, issues: list, audience, suppressions };
    },
  );
  app.post(
    '/admin/newsletter/issues',
    { schema: { body: IssueDraftSchema, response: IssueAnswer } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      return { ok: true as const, issue: await issues.create(request.body, staff.id) };
    },
  );
  app.put(
    '/admin/newsletter/issues/:id',
    { schema: { params: Params, body: IssueDraftSchema, response: IssueAnswer } },
    async (request) => {
      await sessions.requireStaff(request);
      return { ok: true as const, issue: await issues.update(request.params.id, request.body) };
    },
  );
  app.get(
    '/admin/newsletter/issues/:id/preview',
    {
      schema: {
        params: Params,
        querystring: z.object({ language: z.enum(LANGUAGES) }),
        response: withErrors({
          200: okSchema({ subject: z.string(), text: z.string(), html: z.string() }),
        }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      return {
        ok: true as const,
        ...(await issues.preview(request.params.id, request.query.language)),
      };
    },
  );
  app.post(
    '/admin/newsletter/issues/:id/test',
    {
      schema: {
        params: Params,
        response: withErrors({ 200: okSchema({ sent: z.number().int() }) }),
      },
    },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      if (!staff.email)
        throw new AppError('INVALID_EMAIL', {
          message: 'Your account has no e-mail address to send the test to.',
        });
      const sent = await issues.testSend(request.params.id, staff.email);
      request.log.info({ issue: request.params.id, staff: staff.id }, 'newsletter test sent');
      return { ok: true as const, sent };
    },
  );
  app.post(
    '/admin/newsletter/issues/:id/schedule',
    { schema: { params: Params, body: ScheduleSchema, response: IssueAnswer } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const issue = await issues.schedule(request.params.id, new Date(request.body.at), {
        id: staff.id,
        email: staff.email,
      });
      request.log.info(
        { issue: issue.id, staff: staff.id, at: issue.scheduledAt },
        'newsletter issue scheduled',
      );
      return { ok: true as const, issue };
    },
  );
  app.post(
    '/admin/newsletter/issues/:id/cancel',
    { schema: { params: Params, response: IssueAnswer } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const issue = await issues.cancel(request.params.id, { id: staff.id, email: staff.email });
      request.log.info({ issue: issue.id, staff: staff.id }, 'newsletter issue cancelled');
      return { ok: true as const, issue };
    },
  );
};

/**
 * RFC 8058's one click, at the List-Unsubscribe address itself (outside /api): a mail client
 * POSTs `List-Unsubscribe=One-Click` with no cookie and no CSRF token; the signed token in the
 * address is the proof, and it names one subscriber. A GET of the address is the web page, which
 * asks first, so a link scanner opening it unsubscribes no one. No rate limit: mail providers post
 * many readers' one clicks from few addresses, and a token cannot be guessed.
 */
export const oneClickRoutes: FastifyPluginAsyncZod<{ subscriptions: Subscriptions }> = async (
  app,
  { subscriptions },
) => {
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
  app.post(
    '/edm/unsubscribe',
    {
      schema: {
        querystring: TokenQuery,
        body: z.record(z.string(), z.unknown()).optional(),
        response: withErrors({ 200: okSchema({ unsubscribed: z.boolean() }) }),
      },
      config: { csrf: false },
    },
    async (request) => ({
      ok: true as const,
      unsubscribed: await subscriptions.unsubscribe(request.query.t, 'one-click'),
    }),
  );
};
