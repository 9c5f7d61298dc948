import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type {} from '@fastify/rate-limit';
import { AppError } from '../errors.ts';

interface Preset {
  max: number;
  windowMs: number;
}

/**
 * Named limits, strictest on the account endpoints (STYLE: security habits). Each endpoint is
 * limited per IP and, where a body names an account, per account too. `scale` multiplies every
 * maximum (browser tests run many sign-ins from one address).
 */
export const RATE_LIMIT_PRESETS = {
  signup: { perIp: { max: 5, windowMs: 15 * 60_000 } },
  // No per-account limit on login: it would lock the owner out along with the guesser. Failed
  // logins to one address make it ask for the harder robot check instead (Accounts.logIn).
  login: { perIp: { max: 20, windowMs: 5 * 60_000 } },
  // Staff typing their password again before a role change or a refund.
  staffConfirm: { perIp: { max: 10, windowMs: 10 * 60_000 } },
  activate: {
    perIp: { max: 20, windowMs: 10 * 60_000 },
    perAccount: { max: 10, windowMs: 10 * 60_000 },
  },
  resend: {
    perIp: { max: 10, windowMs: 60 * 60_000 },
    perAccount: { max: 5, windowMs: 60 * 60_000 },
  },
  forgot: {
    perIp: { max: 10, windowMs: 60 * 60_000 },
    perAccount: { max: 3, windowMs: 60 * 60_000 },
  },
  reset: { perIp: { max: 10, windowMs: 60 * 60_000 } },
  social: { perIp: { max: 30, windowMs: 10 * 60_000 } },
  // The explorer prices every route from an origin when it first sees it; generous for people, not for scrapers.
  explorer: { perIp: { max: 120, windowMs: 5 * 60_000 } },
  // Pricing and paying storefront orders: a buyer tries a few quantities; a card tester tries hundreds.
  storefrontOrder: { perIp: { max: 30, windowMs: 10 * 60_000 } },
  // A page sends an event or two; a script sending thousands would only fill the log.
  analytics: { perIp: { max: 60, windowMs: 60_000 } },
  // New shared records (docs/shares.md#ownership-history-and-abuse): a member shares a few a day; a flood is a script.
  shareNew: {
    perIp: { max: 30, windowMs: 60 * 60_000 },
    perMember: { max: 10, windowMs: 60 * 60_000 },
  },
  shareFlag: {
    perIp: { max: 30, windowMs: 60 * 60_000 },
    perMember: { max: 20, windowMs: 60 * 60_000 },
  },
  // Articles (docs/articles.md#safety): new drafts and publications are a few a day; pictures come in bursts while writing.
  articleNew: {
    perIp: { max: 30, windowMs: 60 * 60_000 },
    perMember: { max: 20, windowMs: 60 * 60_000 },
  },
  articlePublish: {
    perIp: { max: 20, windowMs: 60 * 60_000 },
    perMember: { max: 10, windowMs: 60 * 60_000 },
  },
  articleImage: {
    perIp: { max: 120, windowMs: 60 * 60_000 },
    perMember: { max: 100, windowMs: 60 * 60_000 },
  },
  // The newsletter (docs/newsletter.md#subscribing): a reader subscribes once; each address gets three confirmation e-mails a day at most anyway.
  newsletterSubscribe: {
    perIp: { max: 10, windowMs: 60 * 60_000 },
    perAccount: { max: 5, windowMs: 60 * 60_000 },
  },
  newsletterLink: { perIp: { max: 60, windowMs: 10 * 60_000 } },
  // Site search (docs/search.md#api): the header box asks once per pause in typing, a reader a few dozen times a visit.
  search: { perIp: { max: 300, windowMs: 5 * 60_000 } },
  // Feedback (docs/feedback.md): a few reports an hour is a lot for a person; each one e-mails support.
  feedback: { perIp: { max: 10, windowMs: 60 * 60_000 } },
  // The MCP server (docs/assistant.md#mcp-server): an outside assistant makes a few calls per question.
  mcp: { perIp: { max: 120, windowMs: 5 * 60_000 } },
} satisfies Record<string, { perIp: Preset; perAccount?: Preset; perMember?: Preset }>;

export type RateLimitName = keyof typeof RATE_LIMIT_PRESETS;

const accountKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.replace(/\s+/g, '').toLowerCase() : '';
};

/**
 * A preHandler enforcing a preset, after the body is parsed so the account is known. Both the
 * per-IP and the per-account (or per-member, given `memberOf`) limit count every request; the
 * first exceeded answers 429 with Retry-After.
 */
export function rateLimited(
  app: FastifyInstance,
  name: RateLimitName,
  scale: number,
  memberOf?: (request: FastifyRequest) => Promise<string | null>,
): preHandlerHookHandler {
  const preset: { perIp: Preset; perAccount?: Preset; perMember?: Preset } =
    RATE_LIMIT_PRESETS[name];
  const limiter = (limit: Preset, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max: Math.max(1, Math.round(limit.max * scale)),
      timeWindow: limit.windowMs,
      keyGenerator: key,
    });
  const checks = [limiter(preset.perIp, (request) => `${name}:ip:${request.ip}`)];
  if (preset.perAccount)
    checks.push(limiter(preset.perAccount, (request) => `${name}:account:${accountKey(request)}`));
  // Per member (shared records): the member is looked up before the checks run; a visitor has none to count.
  const members = new WeakMap<FastifyRequest, string>();
  if (preset.perMember && memberOf)
    checks.push(
      limiter(preset.perMember, (request) => `${name}:member:${members.get(request) ?? 'none'}`),
    );

  return async (request, reply) => {
    const member = memberOf ? await memberOf(request) : null;
    if (member) members.set(request, member);
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED', {
          message: 'Too many attempts. Please wait and try again.',
          fields: { retryAfter: String(result.ttlInSeconds) },
        });
      }
    }
  };
}
