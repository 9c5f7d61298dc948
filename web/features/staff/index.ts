import type { FeatureModule } from '../../lib/page-module.ts';
import { StaffAuditPage } from './audit-page.tsx';
import { FeedbackStaffPage } from './feedback-inbox-page.tsx';
import { NewsletterStaffPage } from './newsletter-issues-page.tsx';
import { SharesStaffPage } from './reported-shares-page.tsx';
import { StorefrontOrdersPage } from './storefront-orders-page.tsx';
import { StaffShopPage } from './shop-page.tsx';
import { StaffAffiliatesPage } from './affiliates-page.tsx';
import { StaffAwardChartsPage } from './award-charts-page.tsx';
import { StaffProgrammesPage } from './programmes-page.tsx';
import { StaffCampaignsPage } from './campaigns-page.tsx';
import { StaffCardPage } from './card-page.tsx';
import { StaffCardsPage } from './cards-page.tsx';
import { StaffHomePage } from './home-page.tsx';
import { StaffMemberPage } from './member-page.tsx';
import { StaffMembersPage } from './members-page.tsx';
import { StaffSettingsPage } from './settings-page.tsx';
import { StaffTransferBonusesPage } from './transfer-bonuses-page.tsx';

// The areas folded into the console show their own features' words.
export const namespaces: FeatureModule['namespaces'] = [
  'staff',
  'cards',
  'awards',
  'storefront',
  'shop',
  'payments',
  'shares',
  'records',
  'newsletter',
  'feedback',
];

/** The staff console (docs/staff.md#console): its own chunk, loaded only by its pages. */
export const pages: FeatureModule['pages'] = {
  adminHome: StaffHomePage,
  adminCards: StaffCardsPage,
  adminCard: StaffCardPage,
  adminTransferBonuses: StaffTransferBonusesPage,
  adminAwardCharts: StaffAwardChartsPage,
  adminProgrammes: StaffProgrammesPage,
  adminMembers: StaffMembersPage,
  adminMember: StaffMemberPage,
  adminSettings: StaffSettingsPage,
  adminAudit: StaffAuditPage,
  adminStorefront: StorefrontOrdersPage,
  adminCampaigns: StaffCampaignsPage,
  adminShop: StaffShopPage,
  adminAffiliates: StaffAffiliatesPage,
  adminShares: SharesStaffPage,
  adminFeedback: FeedbackStaffPage,
  adminNewsletter: NewsletterStaffPage,
};
