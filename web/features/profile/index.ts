import type { FeatureModule } from '../../lib/page-module.ts';
import { AccountPage } from './account-page.tsx';
import { OverviewPage } from './overview-page.tsx';

// The plan names come from the payments strings.
// 'awards' for the city field's words (its 'no such place').
export const namespaces: FeatureModule['namespaces'] = ['payments', 'awards'];

export const pages: FeatureModule['pages'] = { profile: OverviewPage, profileAccount: AccountPage };
