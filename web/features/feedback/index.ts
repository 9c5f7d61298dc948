import type { FeatureModule } from '../../lib/page-module.ts';
import { FeedbackPage } from './feedback-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['feedback'];

/** The feedback and bug-report form (docs/feedback.md); staff's inbox is in web/features/staff. */
export const pages: FeatureModule['pages'] = {
  feedback: FeedbackPage,
};
