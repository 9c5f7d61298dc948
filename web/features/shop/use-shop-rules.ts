import { useEffect, useState } from 'react';
import type { ShopRules } from '../../../core/shop/catalogue-schema.ts';
import { apiGet } from '../../lib/api-client.ts';

let cached: Promise<ShopRules> | null = null;

/** Shipping and tax by destination (data/shop/rules.json), fetched once a visit. */
export function useShopRules(): ShopRules | null {
  const [rules, setRules] = useState<ShopRules | null>(null);
  useEffect(() => {
    cached ??= apiGet<{ rules: ShopRules }>('/api/shop/rules').then((answer) => answer.rules);
    cached.then(setRules).catch(() => {
      cached = null;
    });
  }, []);
  return rules;
}
