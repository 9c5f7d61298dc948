import { useEffect, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { isMoneyCurrency } from '../../../core/locale.ts';
import type { SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import { loaderGet, loaderMoneyCurrency } from '../../lib/loader-api.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { sponsorshipApi } from './payments-api.ts';

/** The plans and their prices in the visitor's currency, as a visitor sees them: the loader of the plan pages. */
export function loadPlans({ context }: LoaderFunctionArgs): Promise<SponsorshipOverview> {
  return loaderGet<SponsorshipOverview>(
    context,
    `/api/sponsorship?currency=${loaderMoneyCurrency(context)}`,
  );
}

/**
 * The plans with prices in the member's currency (the visitor's: USD or the currency cookie), and
 * the member's sponsorship. A page whose loader brought the visitor's plans shows them at once and
 * asks again only for a member.
 */
export function useSponsorshipOverview(
  initial: SponsorshipOverview | null = null,
): SponsorshipOverview | null {
  const { member } = useAuth();
  const failed = useErrorPopup();
  const [overview, setOverview] = useState<SponsorshipOverview | null>(initial);
  const currency = member && isMoneyCurrency(member.currency) ? member.currency : undefined;
  const memberId = member?.account ?? null;
  useEffect(() => {
    if (initial && !memberId) return;
    sponsorshipApi.overview(currency).then(setOverview).catch(failed);
  }, [currency, failed, memberId, initial]);
  return overview;
}
