import { trackingAllowance } from '../awards/tracking.ts';
import { LIMITS, type Plan } from '../limits.ts';

/**
 * Sponsorship (docs/product/sponsorship.md): a member pays monthly for a plan that raises the award
 * search and tracking allowances. Plain types and rules shared by the pages and the server.
 */

/** Plans on sale: the two of docs/product/sponsorship.md#plans-and-allowances, and the business plan of the /enterprise checkout. */
export const SPONSOR_PLANS = ['sponsor', 'sponsor-more', 'business'] as const;
export type SponsorPlan = (typeof SPONSOR_PLANS)[number];
/** The plans a member picks on the pricing page; the business plan is bought through /enterprise. */
export const MEMBER_PLANS = ['sponsor', 'sponsor-more'] as const satisfies readonly SponsorPlan[];

/** The allowances a plan gives: the business plan gives what "sponsor more" gives. */
export const PLAN_ENTITLEMENT: Record<SponsorPlan, Plan> = {
  sponsor: 'sponsor',
  'sponsor-more': 'sponsor-more',
  business: 'sponsor-more',
};

/** Order for upgrade and downgrade (docs/payments.md): higher gives at least as much. */
export const PLAN_RANK: Record<SponsorPlan, number> = {
  sponsor: 1,
  'sponsor-more': 2,
  business: 3,
};

/**
 * What the manage page shows is in docs/product/sponsorship.md#states. Stored, a sponsorship is
 * `active` (renews), `cancelling` (cancelled, benefits to the end of the paid month), `past-due` (a
 * renewal failed and is being retried, benefits kept meanwhile) or `ended`.
 */
export type SponsorshipStatus = 'active' | 'cancelling' | 'past-due' | 'ended';

/** What a plan gives, for the pricing page and the quota rules. */
export interface PlanBenefits {
  /** Days one search may scan. */
  daysPerSearch: number;
  /** Search days a month; null: no monthly cap. */
  daysPerMonth: number | null;
  trackingDays: number;
}

export function planBenefits(plan: Plan): PlanBenefits {
  const search =
    plan === 'member'
      ? {
          daysPerMonth: LIMITS.search.memberDaysPerMonth,
          daysPerSearch: LIMITS.search.memberDaysPerSearch,
        }
      : { daysPerMonth: null, daysPerSearch: LIMITS.search.sponsorDaysPerSearch };
  return { ...search, trackingDays: trackingAllowance(plan) };
}

/**
 * The plan a member has now. The member row keeps the plan its sponsorship gave and until when
 * (the end of the paid month, and for a renewing sponsorship the days its renewal may be retried);
 * after that the member is back to the allowances of a member who does not sponsor, whether or
 * not a job has run yet. No end date: a plan given by hand.
 */
export function currentPlan(member: { plan: Plan; planUntil: Date | null }, now: Date): Plan {
  if (member.plan !== 'member' && member.planUntil && member.planUntil.getTime() <= now.getTime())
    return 'member';
  return member.plan;
}
