import type { Member } from '../../../core/auth-contract.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** The sign-in calls of docs/product/platform.md#the-named-calls, one function each. */
export const authApi = {
  me: () => apiGet<{ member: Member | null }>('/api/me'),
  signUp: (body: {
    nickname: string;
    email: string;
    password: string;
    edm: boolean;
    from: string;
    captcha: string;
  }) => apiSend<{ email: string }>('POST', '/api/auth/signup', body),
  logIn: (body: {
    email: string;
    password: string;
    afterActivation: boolean;
    from: string;
    captcha: string;
  }) => apiSend<{ member: Member }>('POST', '/api/auth/login', body),
  activate: (body: { email: string; code: string }) =>
    apiSend<{ account: string; email: string; name: string; photo: string | null }>(
      'POST',
      '/api/auth/activate',
      body,
    ),
  resend: (email: string) => apiSend('POST', '/api/auth/resend', { email }),
  forgot: (email: string) => apiSend('POST', '/api/auth/forgot', { email }),
  reset: (token: string, password: string) =>
    apiSend('POST', '/api/auth/reset', { token, password }),
  logOut: () => apiSend('POST', '/api/auth/logout', {}),
  updateProfile: (body: { name?: string; photo?: string; language?: string; currency?: string }) =>
    apiSend<{ member: Member }>('PUT', '/api/me', body),
};
