import type { FeatureModule } from '../../lib/page-module.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';

export const pages: FeatureModule['pages'] = { resetPassword: ResetPasswordPage };
