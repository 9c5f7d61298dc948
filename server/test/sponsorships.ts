import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromLocal, toLocal } from '../../core/awards/zoned-time.ts';
import { billingAnchor, billingPeriod } from '../../core/payments/billing-period.ts';
import { members, sponsorships } from '../db/schema/index.ts';

/**
 * Moves a member's live sponsorship into the past, as if its month had run out: anchored a
 * calendar month before now, so that its first month ended a minute ago; the member's plan end
 * moves with it. Tests cannot wait a month, and the server's clock is the real one.
 */
export async function endSponsorshipMonth(app: FastifyInstance, memberId: string): Promise<void> {
  const [live] = await app.database.db
    .select()
    .from(sponsorships)
    .where(eq(sponsorships.memberId, memberId));
  const [member] = await app.database.db.select().from(members).where(eq(members.id, memberId));
  if (!live || !member?.planUntil) throw new Error(`member ${memberId} has no sponsorship`);
  const zone = app.config.BILLING_TIME_ZONE;
  const local = toLocal(billingAnchor(Date.now() - 60_000), zone);
  const [year, month, day] = local.date.split('-').map(Number) as [number, number, number];
  const previous = new Date(Date.UTC(year, month - 2, 1));
  const lastDay = new Date(
    Date.UTC(previous.getUTCFullYear(), previous.getUTCMonth() + 1, 0),
  ).getUTCDate();
  const anchor = fromLocal(
    `${previous.toISOString().slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, '0')}`,
    local.minutes,
    zone,
  );
  const period = billingPeriod(anchor, 0, zone);
  const planUntil = new Date(period.end + (member.planUntil.getTime() - live.periodEnd.getTime()));
  await app.database.db
    .update(sponsorships)
    .set({
      anchorAt: new Date(anchor),
      periodStart: new Date(period.start),
      periodEnd: new Date(period.end),
    })
    .where(eq(sponsorships.id, live.id));
  await app.database.db.update(members).set({ planUntil }).where(eq(members.id, memberId));
}
