import { useEffect, useState } from 'react';
import type { Wallet } from '../../../core/cards/catalogue.ts';
import { useAuth } from '../auth/index.ts';
import { cardsApi } from './cards-api.ts';

/**
 * The member's wallet for pages that mention it ("you hold this card", "with the points you
 * hold"); null for visitors and while it loads. A failure leaves those mentions out quietly.
 */
export function useWallet(): Wallet | null {
  const { member } = useAuth();
  const memberId = member?.account ?? null;
  const [wallet, setWallet] = useState<Wallet | null>(null);
  useEffect(() => {
    if (!memberId) {
      setWallet(null);
      return;
    }
    let live = true;
    cardsApi
      .wallet()
      .then((loaded) => live && setWallet(loaded))
      .catch(() => live && setWallet(null));
    return () => {
      live = false;
    };
  }, [memberId]);
  return wallet;
}
