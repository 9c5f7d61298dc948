import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_COOKIE, MONEY_CURRENCY_COOKIE } from '../../../core/api.ts';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  ActivateSchema,
  EmailOnlySchema,
  LoginSchema,
  MemberSchema,
  ResetSchema,
  SignupSchema,
} from '../../../core/auth-contract.ts';
import { pickLanguage } from '../../../core/locale.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import { setPreferenceCookies } from '../preferences/index.ts';
import { toMember, type Accounts } from './accounts.service.ts';
import type { MemberRow, Sessions } from './sessions.ts';

export interface AuthRoutesOptions {
  accounts: Accounts;
  sessions: Sessions;
  /** The configured public address: links in e-mails never take the request's Host. */
  publicUrl: string;
  secureCookies: boolean;
  rateLimitScale: number;
}

/** The sign-in calls of docs/product/platform.md#the-named-calls, at fixed paths under /api/auth. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { accounts, sessions } = options;
  const limit = (name: Parameters<typeof rateLimited>[1]) =>
    rateLimited(app, name, options.rateLimitScale);
  const languageOf = (request: FastifyRequest) =>
    pickLanguage(request.cookies[LANGUAGE_COOKIE] ?? request.headers['accept-language']);

  /** Signs the member in on this browser; the language and currency are the latest choice (the browser's, else the account's). */
  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    found: MemberRow,
  ): Promise<MemberRow> => {
    await sessions.start(request, reply, found.id, request.headers['user-agent'] ?? '');
    const member = await accounts.settlePreferences(found, {
      language: request.cookies[LANGUAGE_COOKIE],
      currency: request.cookies[MONEY_CURRENCY_COOKIE],
    });
    setPreferenceCookies(
      reply,
      { language: member.language, currency: member.currency },
      options.secureCookies,
    );
    return member;
  };

  const Done = withErrors({ 200: okSchema({}) });

  app.post(
    '/auth/signup',
    {
      schema: {
        body: SignupSchema,
        response: withErrors({
          200: okSchema({ email: z.string().describe('Where the activation code went') }),
        }),
      },
      preHandler: limit('signup'),
    },
    async (request) => {
      const result = await accounts.signUp({
        ...request.body,
        ip: request.ip,
        language: languageOf(request),
      });
      return { ok: true as const, email: result.email };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        body: LoginSchema,
        response: withErrors({ 200: okSchema({ member: MemberSchema }) }),
      },
      preHandler: limit('login'),
    },
    async (request, reply) => {
      const member = await signIn(
        request,
        reply,
        await accounts.logIn({ ...request.body, ip: request.ip }),
      );
      return { ok: true as const, member: toMember(member) };
    },
  );

  const Activated = okSchema(
    MemberSchema.pick({ account: true, email: true, name: true, photo: true }).shape,
  );
  app.post(
    '/auth/activate',
    {
      schema: { body: ActivateSchema, response: withErrors({ 200: Activated }) },
      preHandler: limit('activate'),
    },
    async (request) => {
      const member = toMember(await accounts.activate(request.body));
      return {
        ok: true as const,
        account: member.account,
        email: member.email,
        name: member.name,
        photo: member.photo,
      };
    },
  );

  app.post(
    '/auth/resend',
    { schema: { body: EmailOnlySchema, response: Done }, preHandler: limit('resend') },
    async (request) => {
      await accounts.resendActivation(request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/forgot',
    { schema: { body: EmailOnlySchema, response: Done }, preHandler: limit('forgot') },
    async (request) => {
      await accounts.forgotPassword({ email: request.body.email, baseUrl: options.publicUrl });
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/reset',
    { schema: { body: ResetSchema, response: Done }, preHandler: limit('reset') },
    async (request) => {
      await accounts.resetPassword(request.body);
      return { ok: true as const };
    },
  );

  app.post('/auth/logout', { schema: { response: Done } }, async (request, reply) => {
    await sessions.end(request, reply);
    return { ok: true as const };
  });
};
