import type { AreaModule } from '../../app/router.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

export const pages: AreaModule['pages'] = { resetPassword: ResetPasswordPage };
