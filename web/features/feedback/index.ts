import type { FeatureModule } from '../../lib/page-module.ts';
import { FeedbackPage } from './feedback-page.tsx';
import { FeedbackStaffPage } from './staff-page.tsx';

export const namespaces: FeatureModule['namespaces'] = ['feedback'];

/** The feedback and bug-report form, and staff's inbox of reports (docs/feedback.md). */
export const pages: FeatureModule['pages'] = {
  feedback: FeedbackPage,
  adminFeedback: FeedbackStaffPage,
};
