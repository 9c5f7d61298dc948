import type { AreaModule } from '../../app/router.tsx';
import { loadNamespace } from '../../lib/i18n.ts';
import { TransactionsPage } from '../payments/index.ts';
import { AccountPage } from './account-page.tsx';
import { WalletPage } from '../cardplus/index.ts';

await loadNamespace('payments');

export const pages: AreaModule['pages'] = { profileAccount: AccountPage, profileTransaction: TransactionsPage, profilePoints: WalletPage };
