import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { MemberSchema, UpdateProfileSchema } from '../../../core/auth-contract.ts';
import { normalizeNickname } from '../../../core/auth.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { toMember } from '../auth/index.ts';
import type { Sessions } from '../auth/index.ts';
import { setPreferenceCookies } from '../preferences/index.ts';

/** The signed-in member (docs/product/accounts.md#profile): read, and change name, picture, language and currency. */
export const profileRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sessions: Sessions;
  secureCookies: boolean;
}> = async (app, { db, sessions, secureCookies }) => {
  // A visitor gets `member: null` with 200, so every page can ask without a console error.
  app.get(
    '/me',
    { schema: { response: withErrors({ 200: okSchema({ member: MemberSchema.nullable() }) }) } },
    async (request) => {
      const session = await sessions.current(request);
      return { ok: true as const, member: session ? toMember(session.member) : null };
    },
  );

  app.put(
    '/me',
    {
      schema: {
        body: UpdateProfileSchema,
        response: withErrors({ 200: okSchema({ member: MemberSchema }) }),
      },
    },
    async (request, reply) => {
      const session = await sessions.current(request);
      if (!session) throw new AppError('NOT_SIGNED_IN', { message: 'Please log in first.' });
      const changes: Partial<typeof members.$inferInsert> = { updatedAt: new Date() };
      if (request.body.name !== undefined) {
        const name = normalizeNickname(request.body.name);
        if (!name)
          throw new AppError('INVALID_NAME', {
            code: -3,
            message: 'invalid name',
            fields: { name: 'required' },
          });
        changes.name = name;
      }
      if (request.body.photo !== undefined) changes.photo = request.body.photo || null;
      if (request.body.language) changes.language = request.body.language;
      if (request.body.currency) changes.currency = request.body.currency;
      setPreferenceCookies(
        reply,
        { language: request.body.language, currency: request.body.currency },
        secureCookies,
      );
      const [updated] = await db
        .update(members)
        .set(changes)
        .where(eq(members.id, session.member.id))
        .returning();
      if (!updated) throw new AppError('NOT_SIGNED_IN', { message: 'Please log in first.' });
      return { ok: true as const, member: toMember(updated) };
    },
  );
};
