import type {
  CardFactsEdit,
  StaffCard,
  StaffCardItem,
  WelcomeBonusEdit,
} from '../../../core/cards/card-edits.ts';
import type {
  NewTransferBonus,
  StaffTransferBonuses,
  TransferBonusConfirm,
  TransferBonusTerms,
} from '../../../core/guides/transfer-bonus-edits.ts';
import type { TransferBonus } from '../../../core/guides/transfers.ts';
import type {
  StaffCurrencies,
  TransferEnd,
  TransferRatioEdit,
} from '../../../core/cards/transfer-edits.ts';
import type { AwardChart } from '../../../core/awards/award-pricing.ts';
import type { ChartPriceEdit, StaffCharts } from '../../../core/guides/chart-edits.ts';
import type {
  GuideRulesEdit,
  StaffGuide,
  StaffGuideItem,
} from '../../../core/guides/guide-edits.ts';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import type {
  CampaignConfirm,
  CampaignPreview,
  CampaignTerms,
  NewCampaign,
  StaffCampaigns,
} from '../../../core/storefront/campaign-edits.ts';
import type { StorefrontCampaign } from '../../../core/storefront/catalogue-schema.ts';
import type {
  BasePriceEdit,
  StaffStorefrontProgrammes,
} from '../../../core/storefront/programme-edits.ts';
import type {
  AuditEntry,
  LiveSettings,
  StaffMemberDetail,
  StaffMemberView,
} from '../../../core/staff.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** The staff console's calls (docs/staff.md): one place for the console's pages to reach the API. */
export const staffApi = {
  cards: () =>
    apiGet<{ cards: StaffCardItem[] }>('/api/admin/cards').then((answer) => answer.cards),
  card: (id: string) => apiGet<StaffCard>(`/api/admin/cards/${encodeURIComponent(id)}`),
  editWelcomeBonus: (id: string, edit: WelcomeBonusEdit) =>
    apiSend<StaffCard>('PUT', `/api/admin/cards/${encodeURIComponent(id)}/welcome-bonus`, edit),
  editFacts: (id: string, edit: CardFactsEdit) =>
    apiSend<StaffCard>('PUT', `/api/admin/cards/${encodeURIComponent(id)}/facts`, edit),
  transferBonuses: () => apiGet<StaffTransferBonuses>('/api/admin/transfer-bonuses'),
  addTransferBonus: (bonus: NewTransferBonus) =>
    apiSend<{ bonus: TransferBonus }>('POST', '/api/admin/transfer-bonuses', bonus),
  editTransferBonus: (id: string, terms: TransferBonusTerms) =>
    apiSend<{ bonus: TransferBonus }>(
      'PUT',
      `/api/admin/transfer-bonuses/${encodeURIComponent(id)}`,
      terms,
    ),
  confirmTransferBonus: (id: string, confirm: TransferBonusConfirm) =>
    apiSend<{ bonus: TransferBonus }>(
      'POST',
      `/api/admin/transfer-bonuses/${encodeURIComponent(id)}/confirm`,
      confirm,
    ),
  pointsCurrencies: () => apiGet<StaffCurrencies>('/api/admin/points-currencies'),
  newTransferRatio: (id: string, edit: TransferRatioEdit) =>
    apiSend<StaffCurrencies>(
      'POST',
      `/api/admin/points-currencies/${encodeURIComponent(id)}/transfers`,
      edit,
    ),
  endTransfer: (id: string, edit: TransferEnd) =>
    apiSend<StaffCurrencies>(
      'POST',
      `/api/admin/points-currencies/${encodeURIComponent(id)}/transfers/end`,
      edit,
    ),
  storefrontProgrammes: () => apiGet<StaffStorefrontProgrammes>('/api/admin/storefront-programmes'),
  addBasePrice: (id: string, edit: BasePriceEdit) =>
    apiSend<StaffStorefrontProgrammes>(
      'POST',
      `/api/admin/storefront-programmes/${encodeURIComponent(id)}/prices`,
      edit,
    ),
  campaigns: () => apiGet<StaffCampaigns>('/api/admin/campaigns'),
  addCampaign: (campaign: NewCampaign) =>
    apiSend<{ campaign: StorefrontCampaign }>('POST', '/api/admin/campaigns', campaign),
  editCampaign: (id: string, terms: CampaignTerms) =>
    apiSend<{ campaign: StorefrontCampaign }>(
      'PUT',
      `/api/admin/campaigns/${encodeURIComponent(id)}`,
      terms,
    ),
  previewCampaign: (draft: CampaignPreview) =>
    apiSend<{ now: string; programme: ProgrammeSaleDetail }>(
      'POST',
      '/api/admin/campaigns/preview',
      draft,
    ),
  confirmCampaign: (id: string, confirm: CampaignConfirm) =>
    apiSend<{ campaign: StorefrontCampaign }>(
      'POST',
      `/api/admin/campaigns/${encodeURIComponent(id)}/confirm`,
      confirm,
    ),
  programmes: () =>
    apiGet<{ guides: StaffGuideItem[] }>('/api/admin/programmes').then((answer) => answer.guides),
  programme: (id: string) => apiGet<StaffGuide>(`/api/admin/programmes/${encodeURIComponent(id)}`),
  editProgrammeRules: (id: string, edit: GuideRulesEdit) =>
    apiSend<StaffGuide>('PUT', `/api/admin/programmes/${encodeURIComponent(id)}/rules`, edit),
  awardCharts: () => apiGet<StaffCharts>('/api/admin/award-charts'),
  correctChartPrice: (programme: string, edit: ChartPriceEdit) =>
    apiSend<{ chart: AwardChart }>(
      'PUT',
      `/api/admin/award-charts/${encodeURIComponent(programme)}/price`,
      edit,
    ),
  members: (query: { email?: string; waiting?: boolean }) => {
    const search = new URLSearchParams();
    if (query.email) search.set('email', query.email);
    if (query.waiting) search.set('waiting', 'true');
    return apiGet<{ members: StaffMemberView[] }>(`/api/admin/members?${search}`).then(
      (answer) => answer.members,
    );
  },
  scraping: (emails: string[], enabled: boolean) =>
    apiSend<{ changed: StaffMemberView[]; unknown: string[] }>(
      'POST',
      '/api/admin/members/scraping',
      { emails, enabled },
    ),
  role: (email: string, role: StaffMemberView['role']) =>
    apiSend<{ member: StaffMemberView }>('POST', '/api/admin/members/role', { email, role }),
  member: (id: string) => apiGet<StaffMemberDetail>(`/api/admin/members/${encodeURIComponent(id)}`),
  endSessions: (id: string) =>
    apiSend<StaffMemberDetail>('POST', `/api/admin/members/${encodeURIComponent(id)}/sessions/end`),
  disable: (id: string, disabled: boolean, reason: string) =>
    apiSend<StaffMemberDetail>('POST', `/api/admin/members/${encodeURIComponent(id)}/disable`, {
      disabled,
      reason,
    }),
  resendActivation: (id: string) =>
    apiSend<StaffMemberDetail>('POST', `/api/admin/members/${encodeURIComponent(id)}/activation`),
  cancelSponsorship: (id: string, endNow: boolean, reason: string) =>
    apiSend('POST', `/api/admin/members/${encodeURIComponent(id)}/sponsorship/cancel`, {
      endNow,
      reason,
    }),
  refundPayment: (id: string, payment: string, reason: string) =>
    apiSend(
      'POST',
      `/api/admin/members/${encodeURIComponent(id)}/payments/${encodeURIComponent(payment)}/refund`,
      { reason },
    ),
  settings: () =>
    apiGet<{ settings: LiveSettings }>('/api/admin/settings').then((answer) => answer.settings),
  changeSettings: (changes: Partial<LiveSettings>) =>
    apiSend<{ settings: LiveSettings }>('PUT', '/api/admin/settings', changes).then(
      (answer) => answer.settings,
    ),
  audit: (query: { subject?: string; before?: number }) => {
    const search = new URLSearchParams();
    if (query.subject) search.set('subject', query.subject);
    if (query.before) search.set('before', String(query.before));
    return apiGet<{ entries: AuditEntry[] }>(`/api/admin/audit?${search}`).then(
      (answer) => answer.entries,
    );
  },
};
