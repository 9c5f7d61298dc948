import type { Promotion } from '../../core/promotions.ts';

export const ROOT_ROUTE_ID = 'root';

/** What the root route loads once per visit: the campaign banner's promotion in the page's language. */
export interface RootData {
  promotion: Promotion | null;
}
