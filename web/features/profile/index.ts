import type { FeatureModule } from '../../lib/page-module.ts';
import { AccountPage } from './account-page.tsx';
import { OverviewPage } from './overview-page.tsx';

// The plan names come from the payments strings.
export const namespaces: FeatureModule['namespaces'] = ['payments'];

export const pages: FeatureModule['pages'] = { profile: OverviewPage, profileAccount: AccountPage };
