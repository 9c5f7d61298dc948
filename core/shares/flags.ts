import { z } from 'zod';

/** What members share that can be reported to staff (docs/shares.md#ownership-history-and-abuse; articles: docs/articles.md#safety). */
export const SHARE_KINDS = ['renewal-offer', 'store', 'article', 'group'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** Why a record may be reported. */
export const FLAG_REASONS = ['wrong', 'duplicate', 'spam', 'offensive'] as const;
export const FlagInputSchema = z.object({ reason: z.enum(FLAG_REASONS) }).strict();

/** A reported record in staff's queue. */
export const FlaggedRecordSchema = z.object({
  kind: z.enum(SHARE_KINDS),
  recordId: z.uuid(),
  /** What staff read: the store's name, the article's title, or the report's date, detail and note. */
  label: z.string(),
  /** The store's, article's or group's address part, to open it; null for a renewal offer. */
  slug: z.string().nullable(),
  cardId: z.string().nullable(),
  reports: z.number(),
  reasons: z.array(z.string()),
  hidden: z.boolean(),
  latest: z.string(),
});
export type FlaggedRecord = z.infer<typeof FlaggedRecordSchema>;

/** A record staff hid, to restore (docs/shares.md#ownership-history-and-abuse). */
export const HiddenRecordSchema = z.object({
  kind: z.enum(SHARE_KINDS),
  recordId: z.uuid(),
  label: z.string(),
  slug: z.string().nullable(),
  cardId: z.string().nullable(),
  hiddenAt: z.string(),
});
export type HiddenRecord = z.infer<typeof HiddenRecordSchema>;

/** Staff's note to a record's author: what to put right. */
export const ShareWarningSchema = z.object({ note: z.string().trim().min(1).max(1000) }).strict();
