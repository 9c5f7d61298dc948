import type {
  MailLanguage,
  PreferenceAction,
  PreferenceLinkInput,
  PreferenceView,
  SubscribeInput,
} from '../../../core/newsletter.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** Who the preference page is about: the e-mail's signed link, else the signed-in member. */
const withToken = (token: string | null) => (token ? `?t=${encodeURIComponent(token)}` : '');

/** The newsletter calls (docs/newsletter.md#api). */
export const newsletterApi = {
  subscribe: (input: SubscribeInput) =>
    apiSend<unknown>('POST', '/api/newsletter/subscribe', input),
  preferenceLink: (input: PreferenceLinkInput) =>
    apiSend<unknown>('POST', '/api/newsletter/preference-link', input),
  confirm: (token: string) =>
    apiSend<{ subscription: PreferenceView; token: string; alreadySubscribed: boolean }>(
      'POST',
      '/api/newsletter/confirm',
      { token },
    ),
  preference: (token: string | null) =>
    apiGet<{ subscription: PreferenceView }>(`/api/newsletter/preference${withToken(token)}`).then(
      (answer) => answer.subscription,
    ),
  change: (
    token: string | null,
    action: PreferenceAction,
    choice: { topics?: string[]; language?: MailLanguage } = {},
  ) =>
    apiSend<{ subscription: PreferenceView; confirmationSent: boolean }>(
      'POST',
      '/api/newsletter/preference',
      { ...(token ? { token } : {}), action, ...choice },
    ),
  unsubscribe: (token: string) =>
    apiSend<{ unsubscribed: boolean }>('POST', '/api/newsletter/unsubscribe', { token }).then(
      (answer) => answer.unsubscribed,
    ),
};
