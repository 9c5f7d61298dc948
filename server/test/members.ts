import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../core/api.ts';
import { members, sessions } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../modules/auth/tokens.ts';

let counter = 0;

/** An activated member with a session, made straight in the database; returns the id and the session cookie. */
export async function memberWithSession(
  app: FastifyInstance,
  values: Partial<typeof members.$inferInsert> = {},
): Promise<{ id: string; cookies: Record<string, string> }> {
  counter += 1;
  const [member] = await app.database.db
    .insert(members)
    .values({
      account: `tp_test_${Date.now()}_${counter}`,
      email: `member${Date.now()}_${counter}@example.com`,
      name: 'Test member',
      activatedAt: new Date(),
      ...values,
    })
    .returning({ id: members.id });
  if (!member) throw new Error('member not created');
  const token = randomToken();
  await app.database.db.insert(sessions).values({
    tokenHash: sha256(token),
    memberId: member.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: member.id, cookies: { [SESSION_COOKIE]: token } };
}
