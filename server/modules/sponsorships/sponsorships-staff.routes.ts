import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { PaymentRefundSchema, SponsorshipCancelSchema } from '../../../core/staff.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import type { Payments } from '../payments/index.ts';
import { recordChange } from '../staff/index.ts';
import type { Sponsorships } from './sponsorships.service.ts';

/** Staff do not act on their own sponsorship or payments: another member of staff does. */
function refuseOwn(staffId: string, memberId: string): void {
  if (staffId === memberId)
    throw new AppError('FORBIDDEN', {
      message: 'Another member of staff acts on your own sponsorship and payments.',
    });
}

/** Payments that paid for a sponsorship month: support refunds them here; a storefront order is refunded from the order. */
const SPONSORSHIP_PURPOSES = new Set(['sponsorship', 'renewal', 'upgrade']);

/**
 * Support's acts on a member's sponsorship (docs/staff.md#members): cancel it for them (at the
 * end of the paid month, or now), and refund one of its payments in full, which needs the
 * password typed again. Each act is in the audit log with its reason, on the member's record.
 */
export const sponsorshipsStaffRoutes: FastifyPluginAsyncZod<{
  sponsorships: Sponsorships;
  payments: Payments;
  db: Db;
  sessions: Sessions;
}> = async (app, { sponsorships, payments: paying, db, sessions }) => {
  const Member = z.object({ id: z.uuid() });
  const Ok = withErrors({ 200: okSchema({}) });

  app.post(
    '/admin/members/:id/sponsorship/cancel',
    { schema: { params: Member, body: SponsorshipCancelSchema, response: Ok } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      refuseOwn(staff.id, request.params.id);
      await sponsorships.cancel(
        { id: request.params.id },
        { actor: staff, reason: request.body.reason, endNow: request.body.endNow },
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/members/:id/payments/:payment/refund',
    {
      schema: {
        params: Member.extend({ payment: z.uuid() }),
        body: PaymentRefundSchema,
        response: Ok,
      },
    },
    async (request) => {
      const staff = await sessions.requireConfirmedStaff(request);
      refuseOwn(staff.id, request.params.id);
      const [payment] = await db
        .select()
        .from(payments)
        .where(eq(payments.id, request.params.payment));
      if (!payment || payment.memberId !== request.params.id)
        throw new AppError('NOT_FOUND', { message: 'No such payment of this member.' });
      if (!SPONSORSHIP_PURPOSES.has(payment.purpose))
        throw new AppError('INVALID_INPUT', {
          message: 'A storefront payment is refunded from its order.',
          fields: { payment: 'storefront' },
        });
      if (payment.refundedAt) return { ok: true as const };
      const refunded = await paying.refund(payment.id);
      await recordChange(db, staff, {
        action: 'payment.refund',
        subject: `member:${payment.memberId}`,
        before: { payment: payment.id, refundedAt: null },
        after: {
          payment: payment.id,
          amount: payment.amount,
          currency: payment.currency,
          refundedAt: refunded.refundedAt?.toISOString() ?? null,
          reason: request.body.reason,
        },
      });
      request.log.info({ payment: payment.id, staff: staff.id }, 'payment refunded by staff');
      return { ok: true as const };
    },
  );
};
