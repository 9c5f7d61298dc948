import type { PaymentFailure, PaymentPurpose, PaymentStatus } from './checkout-contract.ts';
import type { PlanBenefits, SponsorPlan, SponsorshipStatus } from './sponsorship.ts';
import type { Plan } from '../limits.ts';
import type { MoneyCurrency } from '../locale.ts';

/** A payment as the pages see it (checkout steps, the profile's transactions). Times are ISO strings. */
export interface PaymentView {
  id: string;
  purpose: PaymentPurpose;
  /** Null for a storefront order. */
  plan: SponsorPlan | null;
  status: PaymentStatus;
  /** Minor units. */
  amount: number;
  currency: MoneyCurrency;
  failure: PaymentFailure | null;
  /** The provider's verification page while the payment waits for it. */
  verificationUrl: string | null;
  receiptNumber: string | null;
  card: { brand: string; last4: string } | null;
  periodStart: string | null;
  periodEnd: string | null;
  paidAt: string | null;
  /** When the money was given back; the payment stays `succeeded`, with its receipt. */
  refundedAt: string | null;
  createdAt: string;
}

export interface CardView {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** `GET /api/sponsorship`: the plans with prices, and the member's sponsorship if any. */
export interface SponsorshipOverview {
  currency: MoneyCurrency;
  plans: { plan: SponsorPlan; price: number; benefits: PlanBenefits }[];
  /** The allowances the member has now (null for a visitor). */
  planNow: Plan | null;
  /** Until when the member keeps them (the end of the paid month, or of the renewal's retries). */
  planUntil: string | null;
  sponsorship: {
    id: string;
    plan: SponsorPlan;
    nextPlan: SponsorPlan | null;
    status: SponsorshipStatus;
    currency: MoneyCurrency;
    periodStart: string;
    periodEnd: string;
    nextAttemptAt: string | null;
    nextCharge: { amount: number; at: string | null } | null;
    card: CardView;
    company: string;
  } | null;
}

/** `GET /api/payments/setup`: what the checkout page loads the provider's card fields with. */
export interface PaymentSetup {
  provider: string;
  publicKey: string;
  scriptUrl: string;
  /** A simulated provider: the page says no real money moves and lists its test cards. */
  simulated: boolean;
  testCards: { number: string; behaviour: string }[];
}
