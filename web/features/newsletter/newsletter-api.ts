import type {
  IssueDraft,
  IssueView,
  MailLanguage,
  PreferenceAction,
  PreferenceView,
  Suppression,
  SubscribeInput,
} from '../../../core/newsletter.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** Who the preference page is about: the e-mail's signed link, else the signed-in member. */
const withToken = (token: string | null) => (token ? `?t=${encodeURIComponent(token)}` : '');

/** The newsletter calls (docs/newsletter.md#api). */
export const newsletterApi = {
  subscribe: (input: SubscribeInput) =>
    apiSend<unknown>('POST', '/api/newsletter/subscribe', input),
  confirm: (token: string) =>
    apiSend<{ subscription: PreferenceView; token: string }>('POST', '/api/newsletter/confirm', {
      token,
    }),
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

export interface NewsletterConsole {
  issues: IssueView[];
  audience: Record<string, number>;
  suppressions: Suppression[];
}

const issue = (id: number) => `/api/admin/newsletter/issues/${id}`;

/** Staff's calls: issues, preview, test send, schedule (docs/newsletter.md#composing). */
export const staffNewsletterApi = {
  overview: () => apiGet<NewsletterConsole>('/api/admin/newsletter'),
  create: (draft: IssueDraft) =>
    apiSend<{ issue: IssueView }>('POST', '/api/admin/newsletter/issues', draft).then(
      (answer) => answer.issue,
    ),
  update: (id: number, draft: IssueDraft) =>
    apiSend<{ issue: IssueView }>('PUT', issue(id), draft).then((answer) => answer.issue),
  preview: (id: number, language: MailLanguage) =>
    apiGet<{ subject: string; html: string; text: string }>(
      `${issue(id)}/preview?language=${language}`,
    ),
  test: (id: number) =>
    apiSend<{ sent: number }>('POST', `${issue(id)}/test`).then((answer) => answer.sent),
  schedule: (id: number, at: string) =>
    apiSend<{ issue: IssueView }>('POST', `${issue(id)}/schedule`, { at }).then(
      (answer) => answer.issue,
    ),
  cancel: (id: number) =>
    apiSend<{ issue: IssueView }>('POST', `${issue(id)}/cancel`).then((answer) => answer.issue),
};
