import { useEffect, useState } from 'react';
import { isMoneyCurrency } from '../../../core/locale.ts';
import type { SponsorshipOverview } from '../../../core/payments/payment-view.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { sponsorshipApi } from './payments-api.ts';

/** The plans with prices in the member's currency (the visitor's: USD or the currency cookie), and the member's sponsorship. */
export function useSponsorshipOverview(): SponsorshipOverview | null {
  const { member } = useAuth();
  const failed = useErrorPopup();
  const [overview, setOverview] = useState<SponsorshipOverview | null>(null);
  const currency = member && isMoneyCurrency(member.currency) ? member.currency : undefined;
  const memberId = member?.account ?? null;
  useEffect(() => {
    sponsorshipApi.overview(currency).then(setOverview).catch(failed);
  }, [currency, failed, memberId]);
  return overview;
}
