import type { AreaModule } from '../../app/router.tsx';
import { AccountPage } from './account-page.tsx';

export const pages: AreaModule['pages'] = { profileAccount: AccountPage };
