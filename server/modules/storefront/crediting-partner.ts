import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxCredits } from '../../db/schema/index.ts';

/** What a crediting partner says of an order it is given. */
export type CreditAnswer =
  | { status: 'accepted'; reference: string }
  | { status: 'rejected'; reason: 'account-not-found' | 'name-mismatch' };

/**
 * The port to whoever posts bought miles to a programme account (docs/storefront.md#crediting-partner):
 * the programme's sales partner in production. `credit` is idempotent by order id (asking twice
 * answers the first answer), `posted` says whether the miles have reached the account.
 */
export interface CreditingPartner {
  readonly name: string;
  readonly simulated: boolean;
  credit(
    order: {
      id: string;
      programme: string;
      accountNumber: string;
      accountName: string;
      miles: number;
    },
    now: Date,
  ): Promise<CreditAnswer>;
  posted(reference: string, now: Date): Promise<boolean>;
}

/**
 * The sandbox partner, the default: named as simulated on every storefront page. It refuses an
 * account number ending in 0000 (a test of the refusal path), accepts every other, and posts
 * `postingMinutes` after accepting. Its records are in the database, so a restart neither loses
 * nor repeats a posting.
 */
export class SandboxCreditingPartner implements CreditingPartner {
  readonly name = 'sandbox';
  readonly simulated = true;

  constructor(private readonly options: { db: Db; postingMinutes: number }) {}

  async credit(
    order: { id: string; programme: string; accountNumber: string; miles: number },
    now: Date,
  ): Promise<CreditAnswer> {
    if (order.accountNumber.endsWith('0000'))
      return { status: 'rejected', reason: 'account-not-found' };
    await this.options.db
      .insert(sandboxCredits)
      .values({
        orderId: order.id,
        programme: order.programme,
        accountNumber: order.accountNumber,
        miles: order.miles,
        postsAt: new Date(now.getTime() + this.options.postingMinutes * 60_000),
      })
      .onConflictDoNothing();
    return { status: 'accepted', reference: `sandbox-${order.id}` };
  }

  async posted(reference: string, now: Date): Promise<boolean> {
    const [row] = await this.options.db
      .select()
      .from(sandboxCredits)
      .where(eq(sandboxCredits.orderId, reference.replace(/^sandbox-/, '')));
    return Boolean(row && row.postsAt.getTime() <= now.getTime());
  }
}
