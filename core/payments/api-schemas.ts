import { z } from 'zod';
import { PlanSchema } from '../awards/api-schemas.ts';
import { MONEY_CURRENCIES } from '../locale.ts';
import type { PaymentFailure, PaymentPurpose, PaymentStatus } from './checkout-contract.ts';
import type { PaymentSetup, PaymentView, SponsorshipOverview } from './payment-view.ts';
import { SPONSOR_PLANS, type SponsorshipStatus } from './sponsorship.ts';

/**
 * What the payment and sponsorship API answers, as zod schemas of the types in payment-view.ts,
 * each checked against its type.
 */

const SponsorPlanSchema = z.enum(SPONSOR_PLANS);
const MoneyCurrencySchema = z.enum(MONEY_CURRENCIES);

export const PaymentViewSchema = z.object({
  id: z.string(),
  purpose: z.enum([
    'sponsorship',
    'renewal',
    'upgrade',
    'storefront',
    'shop',
  ]) satisfies z.ZodType<PaymentPurpose>,
  plan: SponsorPlanSchema.nullable().describe(
    'The plan a sponsorship payment pays for; null for a storefront order',
  ),
  status: z.enum([
    'pending',
    'verifying',
    'succeeded',
    'failed',
  ]) satisfies z.ZodType<PaymentStatus>,
  amount: z.number().int().describe('Minor units'),
  currency: MoneyCurrencySchema,
  failure: (
    z.enum([
      'declined',
      'insufficient-funds',
      'verification-failed',
      'expired-card',
      'processing-error',
    ]) satisfies z.ZodType<PaymentFailure>
  ).nullable(),
  verificationUrl: z
    .string()
    .nullable()
    .describe("The processor's verification page while the payment waits for it"),
  receiptNumber: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<PaymentView>;

const PlanBenefitsSchema = z.object({
  daysPerSearch: z.number().int(),
  daysPerMonth: z.number().int().nullable(),
  trackingDays: z.number().int(),
});

export const SponsorshipOverviewSchema = z.object({
  currency: MoneyCurrencySchema,
  plans: z.array(
    z.object({
      plan: SponsorPlanSchema,
      price: z.number().int().describe('Minor units a month'),
      benefits: PlanBenefitsSchema,
    }),
  ),
  planNow: PlanSchema.nullable().describe('The allowances the member has now; null for a visitor'),
  planUntil: z.string().nullable(),
  sponsorship: z
    .object({
      id: z.string(),
      plan: SponsorPlanSchema,
      nextPlan: SponsorPlanSchema.nullable(),
      status: z.enum([
        'active',
        'cancelling',
        'past-due',
        'ended',
      ]) satisfies z.ZodType<SponsorshipStatus>,
      currency: MoneyCurrencySchema,
      periodStart: z.string(),
      periodEnd: z.string(),
      nextAttemptAt: z.string().nullable(),
      nextCharge: z.object({ amount: z.number().int(), at: z.string().nullable() }).nullable(),
      card: z.object({
        brand: z.string(),
        last4: z.string(),
        expMonth: z.number().int(),
        expYear: z.number().int(),
      }),
      company: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<SponsorshipOverview>;

export const PaymentSetupSchema = z.object({
  provider: z.string(),
  publicKey: z.string(),
  scriptUrl: z.string(),
  simulated: z.boolean().describe('No real money moves: the page says so and lists the test cards'),
  testCards: z.array(z.object({ number: z.string(), behaviour: z.string() })),
}) satisfies z.ZodType<PaymentSetup>;
