import type { ShopStockView, StaffShopOrderView } from '../../../core/shop/orders.ts';
import type { FlaggedRecord, HiddenRecord } from '../../../core/shares/flags.ts';
import type { StaffOrderView } from '../../../core/storefront/orders.ts';
import type { IssueDraft, IssueView, MailLanguage, Suppression } from '../../../core/newsletter.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

// The calls of the console's areas that other features' pages once held: storefront orders in
// review, reported shares and newsletter issues (docs/staff.md#console).

/** Support's storefront orders in review (docs/storefront.md#staff). */
export const storefrontOrdersApi = {
  orders: () =>
    apiGet<{ inReview: StaffOrderView[]; recent: StaffOrderView[] }>(
      '/api/admin/storefront/orders',
    ),
  act: (id: string, action: 'release' | 'refuse') =>
    apiSend<{ order: StaffOrderView }>(
      'POST',
      `/api/admin/storefront/orders/${encodeURIComponent(id)}/${action}`,
    ).then((answer) => answer.order),
  note: (id: string, note: string) =>
    apiSend<{ order: StaffOrderView }>(
      'POST',
      `/api/admin/storefront/orders/${encodeURIComponent(id)}/note`,
      { note },
    ),
};

/** Support's queue of reported shares and articles (docs/shares.md). */
export const reportedSharesApi = {
  flagged: () =>
    apiGet<{ flagged: FlaggedRecord[] }>('/api/admin/shares/flags').then(
      (answer) => answer.flagged,
    ),
  decide: (kind: FlaggedRecord['kind'], id: string, hide: boolean) =>
    apiSend<unknown>('POST', `/api/admin/shares/flags/${kind}/${encodeURIComponent(id)}`, { hide }),
  warn: (kind: FlaggedRecord['kind'], id: string, note: string) =>
    apiSend<unknown>('POST', `/api/admin/shares/flags/${kind}/${encodeURIComponent(id)}/warn`, {
      note,
    }),
  hidden: () =>
    apiGet<{ hidden: HiddenRecord[] }>('/api/admin/shares/hidden').then((answer) => answer.hidden),
  restore: (kind: HiddenRecord['kind'], id: string) =>
    apiSend<unknown>('POST', `/api/admin/shares/hidden/${kind}/${encodeURIComponent(id)}/restore`),
};

export interface NewsletterConsole {
  issues: IssueView[];
  audience: Record<string, number>;
  suppressions: Suppression[];
}

const issue = (id: number) => `/api/admin/newsletter/issues/${id}`;

/** Staff's calls: issues, preview, test send, schedule (docs/newsletter.md#composing). */
export const staffNewsletterApi = {
  overview: () => apiGet<NewsletterConsole>('/api/admin/newsletter'),
  create: (draft: IssueDraft) =>
    apiSend<{ issue: IssueView }>('POST', '/api/admin/newsletter/issues', draft).then(
      (answer) => answer.issue,
    ),
  update: (id: number, draft: IssueDraft) =>
    apiSend<{ issue: IssueView }>('PUT', issue(id), draft).then((answer) => answer.issue),
  preview: (id: number, language: MailLanguage) =>
    apiGet<{ subject: string; html: string; text: string }>(
      `${issue(id)}/preview?language=${language}`,
    ),
  test: (id: number) =>
    apiSend<{ sent: number }>('POST', `${issue(id)}/test`).then((answer) => answer.sent),
  schedule: (id: number, at: string) =>
    apiSend<{ issue: IssueView }>('POST', `${issue(id)}/schedule`, { at }).then(
      (answer) => answer.issue,
    ),
  cancel: (id: number) =>
    apiSend<{ issue: IssueView }>('POST', `${issue(id)}/cancel`).then((answer) => answer.issue),
};

/** Support's shop console: orders to fulfil and the stock (docs/shop.md#staff). */
export const shopStaffApi = {
  load: () =>
    apiGet<{
      toFulfil: StaffShopOrderView[];
      recent: StaffShopOrderView[];
      stock: ShopStockView[];
    }>('/api/admin/shop'),
  act: (id: string, action: 'pack' | 'deliver' | 'cancel') =>
    apiSend('POST', `/api/admin/shop/orders/${encodeURIComponent(id)}/${action}`),
  ship: (id: string, shipment: { carrier: string; trackingNumber: string }) =>
    apiSend('POST', `/api/admin/shop/orders/${encodeURIComponent(id)}/ship`, shipment),
  stock: (variant: string, onHand: number) =>
    apiSend('PUT', `/api/admin/shop/stock/${encodeURIComponent(variant)}`, { onHand }),
  codes: (variant: string, codes: string[]) =>
    apiSend<{ added: number }>(
      'POST',
      `/api/admin/shop/stock/${encodeURIComponent(variant)}/codes`,
      {
        codes,
      },
    ),
};
