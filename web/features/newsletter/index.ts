import type { FeatureModule } from '../../lib/page-module.ts';
import { PreferencePage } from './preference-page.tsx';
import { SubscribePage } from './subscribe-page.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['newsletter'];

/** The newsletter (docs/newsletter.md): subscribe, the preference page, and the unsubscribe page (staff's console is in web/features/staff). */
export const pages: FeatureModule['pages'] = {
  newsletter: SubscribePage,
  newsletterPreference: PreferencePage,
  newsletterUnsubscribe: UnsubscribePage,
};
export { TopicChoices } from './newsletter-parts.tsx';
