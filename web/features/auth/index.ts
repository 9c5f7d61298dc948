/** Signing in, shared by every page: the member, the login panel, the account menu. */
export { AuthProvider, useAuth, type LoginRequest } from './auth-context.tsx';
export { AccountMenu } from './account-menu.tsx';
export { authApi } from './auth-api.ts';
