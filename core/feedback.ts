import { z } from 'zod';
import { LANGUAGES } from './locale.ts';

/**
 * The feedback and bug-report form's contract (docs/product/site.md#feedback). The description is
 * required; a visitor may leave an address for an answer (a member's account address is used when
 * they leave none); the page, browser and language are filled in by the form and the server.
 */
export const FEEDBACK_DESCRIPTION_MAX = 5000;
/** A screenshot as sent (before it is shrunk): larger files are refused with their own message. */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 3_000_000;
export const FEEDBACK_SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const FeedbackInputSchema = z.object({
  description: z.string().max(FEEDBACK_DESCRIPTION_MAX).default(''),
  email: z.string().trim().max(254).default(''),
  /** The site path the report is about (the page the form was opened from). */
  page: z.string().max(500).default('/'),
  language: z.enum(LANGUAGES).default('en'),
  /** The error name of the popup the report was opened from, when it was. */
  error: z
    .string()
    .regex(/^[A-Z_]{1,60}$/)
    .optional(),
  /** A picture of the screen as a data URL (PNG, JPEG or WebP). */
  screenshot: z
    .string()
    .max(Math.ceil((FEEDBACK_SCREENSHOT_MAX_BYTES * 4) / 3) + 100)
    .optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;

export const FeedbackReportSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  description: z.string(),
  email: z.string().nullable(),
  member: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  page: z.string(),
  browser: z.string(),
  language: z.string(),
  error: z.string().nullable(),
  hasScreenshot: z.boolean(),
});
export type FeedbackReport = z.infer<typeof FeedbackReportSchema>;
