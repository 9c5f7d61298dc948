import { z } from 'zod';

/**
 * In-app notices (docs/notices.md): what a member is told under the bell in the header, and live
 * in every open tab.
 */
export const NOTICE_KINDS = [
  'tracking-notified',
  'order-credited',
  'order-in-review',
  'sponsorship-renewal-failed',
  'article-reply',
  'newsletter-confirmed',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NoticeViewSchema = z.object({
  /** A sequence number: a reconnecting page asks for the notices after the last it saw. */
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  payload: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NoticeView = z.infer<typeof NoticeViewSchema>;

/**
 * What the live stream tells an open page (docs/notices.md#live-stream): a new notice, or the
 * unread count after the member read some in another tab.
 */
export type NoticeEvent = { type: 'notice'; notice: NoticeView } | { type: 'read'; unread: number };
