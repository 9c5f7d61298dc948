import { z } from 'zod';
import { LANGUAGES } from './locale.ts';

/**
 * The newsletter's contract (docs/newsletter.md): what a reader subscribes to, what the preference
 * page shows and changes, and what staff compose. Web and server both read it.
 */

/** docs/product/newsletter.md#topics: latest promotions, credit card information, sales campaigns. */
export const NEWSLETTER_TOPICS = ['promotions', 'cards', 'sales'] as const;
export type NewsletterTopic = (typeof NEWSLETTER_TOPICS)[number];

/**
 * A subscriber's state (docs/product/newsletter.md#states: not subscribed, subscribed, unsubscribed, resubscribed):
 * `pending` waits for the confirmation link, `paused` gets nothing until resumed, `suspended`
 * bounced softly three times, `suppressed` bounced hard or complained (a fresh double opt-in lifts it).
 */
export const SUBSCRIBER_STATES = [
  'pending',
  'subscribed',
  'paused',
  'unsubscribed',
  'suspended',
  'suppressed',
] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** Where a change of state came from; each change is recorded with its time and source. */
export const SUBSCRIPTION_SOURCES = [
  'form',
  'confirmation',
  'sign-up',
  'preference',
  'profile',
  'one-click',
  'mailto',
  'bounce',
  'complaint',
] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

/** Product content an issue can carry, made from live data when it is sent (docs/newsletter.md#composing). */
export const ISSUE_SECTIONS = ['sales', 'cards', 'articles'] as const;
export type IssueSection = (typeof ISSUE_SECTIONS)[number];

export const ISSUE_STATES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];

/** Longest subject and body staff may write, per language. */
export const ISSUE_LIMITS = { subject: 150, body: 20_000 } as const;

/** The languages a newsletter is written in: the complete catalogs (Japanese readers get English). */
export type MailLanguage = (typeof LANGUAGES)[number];

/** The mail language for a stored or chosen language: itself when the newsletter is written in it, else English. */
export function mailLanguageOf(language: string): MailLanguage {
  return (LANGUAGES as readonly string[]).includes(language) ? (language as MailLanguage) : 'en';
}

const Topics = z
  .array(z.enum(NEWSLETTER_TOPICS))
  .min(1)
  .max(NEWSLETTER_TOPICS.length)
  .transform((topics) => [...new Set(topics)]);
const MailLanguageSchema = z.enum(LANGUAGES);

export const SubscribeSchema = z.object({
  email: z.string().max(320),
  topics: Topics,
  language: MailLanguageSchema,
  captcha: z.string().max(4000).default(''),
});
export type SubscribeInput = z.input<typeof SubscribeSchema>;

/** The /edm preference page's 'e-mail me my link' (docs/newsletter.md#api). */
export const PreferenceLinkSchema = z.object({
  email: z.string().max(320),
  captcha: z.string().max(4000).default(''),
});
export type PreferenceLinkInput = z.input<typeof PreferenceLinkSchema>;

/** The single-use confirmation token of a double opt-in e-mail. */
export const ConfirmSchema = z.object({ token: z.string().min(10).max(200) });

/** A signed link's token: names a subscriber and the list, never the bare address. */
export const LinkTokenSchema = z.string().min(10).max(200);

export const PREFERENCE_ACTIONS = [
  'save',
  'pause',
  'resume',
  'unsubscribe',
  'resubscribe',
] as const;
export type PreferenceAction = (typeof PREFERENCE_ACTIONS)[number];

/** A change on the preference page: through the e-mail's signed link (`token`) or signed in. */
export const PreferenceChangeSchema = z.object({
  token: LinkTokenSchema.optional(),
  action: z.enum(PREFERENCE_ACTIONS),
  topics: Topics.optional(),
  language: MailLanguageSchema.optional(),
});
export type PreferenceChange = z.input<typeof PreferenceChangeSchema>;

/** What the preference page shows: the address only masked, so a forwarded mail shows little. */
export const PreferenceViewSchema = z.object({
  /** `none`: a signed-in member with no subscription. */
  state: z.union([z.enum(SUBSCRIBER_STATES), z.literal('none')]),
  email: z.string(),
  topics: z.array(z.enum(NEWSLETTER_TOPICS)),
  language: MailLanguageSchema,
  /** A resubscribe sends a confirmation e-mail first (a suppressed address, or none yet). */
  needsConfirmation: z.boolean(),
});
export type PreferenceView = z.infer<typeof PreferenceViewSchema>;

/** A draft may leave a language empty; testing and scheduling need a subject in each (issues.service.ts). */
const IssueContent = z.object({
  subject: z.string().trim().max(ISSUE_LIMITS.subject),
  body: z.string().max(ISSUE_LIMITS.body),
});

/** An issue as staff write it: a subject and body in every language, its topics and product sections. */
export const IssueDraftSchema = z.object({
  topics: Topics,
  sections: z
    .array(z.enum(ISSUE_SECTIONS))
    .max(ISSUE_SECTIONS.length)
    .transform((sections) => [...new Set(sections)]),
  content: z.object({ en: IssueContent, 'zh-Hant': IssueContent, 'zh-Hans': IssueContent }),
});
export type IssueDraft = z.input<typeof IssueDraftSchema>;

export const IssueCountsSchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  pending: z.number().int(),
  skipped: z.number().int(),
  /** Being sent when the sender died: never sent again, so perhaps never received. */
  uncertain: z.number().int(),
  failed: z.number().int(),
});

/** An issue as the API answers it (no transforms: answers are encoded, not parsed). */
export const IssueViewSchema = z.object({
  topics: z.array(z.enum(NEWSLETTER_TOPICS)),
  sections: z.array(z.enum(ISSUE_SECTIONS)),
  content: z.object({ en: IssueContent, 'zh-Hant': IssueContent, 'zh-Hans': IssueContent }),
  id: z.number().int(),
  state: z.enum(ISSUE_STATES),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
  counts: IssueCountsSchema,
});
export type IssueView = z.infer<typeof IssueViewSchema>;

export const ScheduleSchema = z.object({ at: z.iso.datetime({ offset: true }) });

export const SUPPRESSION_REASONS = ['hard-bounce', 'complaint'] as const;
export const SuppressionSchema = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  source: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type Suppression = z.infer<typeof SuppressionSchema>;

/** A provider's bounce or complaint, in the webhook's JSON (docs/newsletter.md#bounces). */
export const BounceEventSchema = z.object({
  type: z.enum(['bounce', 'complaint']),
  email: z.string().max(320),
  /** Permanent (hard) or transient (soft); a complaint has none. */
  bounce: z.enum(['hard', 'soft']).optional(),
  detail: z.string().max(500).optional(),
});
export const BounceWebhookSchema = z.object({
  events: z.array(BounceEventSchema).min(1).max(1000),
});
export type BounceEvent = z.infer<typeof BounceEventSchema>;

/** `m***@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
