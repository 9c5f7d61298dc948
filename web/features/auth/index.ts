/** Signing in, shared by every page: the member, the login panel, the account menu, the password field. */
export { AuthProvider, useAuth, type LoginRequest } from './auth-context.tsx';
export { AccountMenu } from './account-menu.tsx';
export { authApi } from './auth-api.ts';
export { PasswordField } from './password-field.tsx';
