import type { FeatureModule } from '../../lib/page-module.ts';
import { PreferencePage } from './preference-page.tsx';
import { NewsletterStaffPage } from './staff-page.tsx';
import { SubscribePage } from './subscribe-page.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['newsletter'];

/** The newsletter (docs/newsletter.md): subscribe, the preference page, the unsubscribe page and staff's console. */
export const pages: FeatureModule['pages'] = {
  newsletter: SubscribePage,
  newsletterPreference: PreferencePage,
  newsletterUnsubscribe: UnsubscribePage,
  adminNewsletter: NewsletterStaffPage,
};
