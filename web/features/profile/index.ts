import type { FeatureModule } from '../../lib/page-module.ts';
import { AccountPage } from './account-page.tsx';

export const pages: FeatureModule['pages'] = { profileAccount: AccountPage };
