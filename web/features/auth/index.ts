/** Signing in, shared by every page: the member, the login panel, the account menu. */
export { AuthProvider, useAuth } from './auth-context.tsx';
export type { LoginRequest } from './auth-types.ts';
export { AccountMenu } from './account-menu.tsx';
export { authApi } from './auth-api.ts';
export { useAsMember } from './use-as-member.ts';
