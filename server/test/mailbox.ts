import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** The newest message the outbox holds for an address. */
export async function latestMail(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no mail for ${to}`);
  return row;
}

/** The activation code in a message: the line that is only the code. */
export function activationCodeIn(text: string): string {
  const match = /^([A-Z0-9_]{5})$/m.exec(text);
  if (!match?.[1]) throw new Error(`no activation code in:\n${text}`);
  return match[1];
}

export function resetTokenIn(text: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(match[1]);
}
