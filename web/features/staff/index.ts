import type { FeatureModule } from '../../lib/page-module.ts';
import { StaffAuditPage } from './audit-page.tsx';
import { StaffCardPage } from './card-page.tsx';
import { StaffCardsPage } from './cards-page.tsx';
import { StaffHomePage } from './home-page.tsx';
import { StaffMembersPage } from './members-page.tsx';
import { StaffSettingsPage } from './settings-page.tsx';
import { StaffTransferBonusesPage } from './transfer-bonuses-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['staff', 'cards', 'awards'];

/** The staff console (docs/staff.md#console): its own chunk, loaded only by its pages. */
export const pages: FeatureModule['pages'] = {
  adminHome: StaffHomePage,
  adminCards: StaffCardsPage,
  adminCard: StaffCardPage,
  adminTransferBonuses: StaffTransferBonusesPage,
  adminMembers: StaffMembersPage,
  adminSettings: StaffSettingsPage,
  adminAudit: StaffAuditPage,
};
