import { desc, eq, sql } from 'drizzle-orm';
import { isValidEmail } from '../../../core/auth.ts';
import {
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  type FeedbackInput,
  type FeedbackReport,
} from '../../../core/feedback.ts';
import type { Db } from '../../db/client.ts';
import { feedbackReports, members } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { ImageRefused, processImage } from '../images/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { feedbackCopyMail, feedbackSupportMail } from './feedback-mail.ts';

/** The most reports the staff list shows at once, newest first. */
const LISTED = 200;

const refused = (problem: string, field: string) =>
  new AppError('INVALID_INPUT', {
    message: `The report was not sent: ${problem.replace(/-/g, ' ')}.`,
    fields: { [field]: problem },
    details: { problem },
  });

/** The bytes of a data URL's picture, or null when it is not one. */
function dataUrlBytes(value: string): Buffer | null {
  const match = /^data:image\/(?:png|jpeg|webp);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  return match ? Buffer.from(match[1]!, 'base64') : null;
}

/**
 * Feedback and bug reports (docs/feedback.md): stored with where they came from, e-mailed to the
 * support address, and, when the sender left an address, a copy to them, all in one transaction
 * (the outbox sends the mail once the report is kept).
 */
export class Feedback {
  constructor(
    private readonly options: {
      db: Db;
      supportEmail: string;
      siteUrl: string;
    },
  ) {}

  async send(
    input: FeedbackInput,
    from: { member: { id: string; email: string | null; name: string } | null; browser: string },
  ): Promise<{ id: string; copied: boolean }> {
    const description = input.description.trim();
    if (!description) throw refused('description-required', 'description');
    const given = input.email.trim().toLowerCase();
    if (given && !isValidEmail(given))
      throw new AppError('INVALID_EMAIL', {
        message: 'Please enter a valid e-mail address.',
        fields: { email: 'invalid' },
      });
    const email = given || from.member?.email || null;
    const page = input.page.startsWith('/') ? input.page : '/';
    let screenshot: Buffer | null = null;
    if (input.screenshot) {
      const bytes = dataUrlBytes(input.screenshot);
      if (!bytes) throw refused('screenshot-unreadable', 'screenshot');
      try {
        // Re-encoded (WebP, at most 1,600 wide): what is kept carries no metadata of the sender's.
        const processed = await processImage(bytes, { maxBytes: FEEDBACK_SCREENSHOT_MAX_BYTES });
        screenshot = processed.variants.at(-1)!.bytes;
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        throw refused(
          error.problem === 'too-large' ? 'screenshot-too-large' : 'screenshot-unreadable',
          'screenshot',
        );
      }
    }
    const browser = from.browser.slice(0, 300);
    return this.options.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feedbackReports)
        .values({
          memberId: from.member?.id ?? null,
          email,
          description,
          page,
          browser,
          language: input.language,
          error: input.error ?? null,
          screenshot,
        })
        .returning({ id: feedbackReports.id, createdAt: feedbackReports.createdAt });
      const report = {
        id: row!.id,
        description,
        email,
        member: from.member,
        page,
        browser,
        language: input.language,
        error: input.error ?? null,
        hasScreenshot: screenshot !== null,
      };
      await enqueueMail(
        tx,
        feedbackSupportMail(report, {
          to: this.options.supportEmail,
          siteUrl: this.options.siteUrl,
        }),
      );
      if (email) await enqueueMail(tx, feedbackCopyMail(report, email));
      return { id: report.id, copied: email !== null };
    });
  }

  /** The newest reports, for staff. */
  async list(): Promise<FeedbackReport[]> {
    const rows = await this.options.db
      .select({
        report: {
          id: feedbackReports.id,
          createdAt: feedbackReports.createdAt,
          description: feedbackReports.description,
          email: feedbackReports.email,
          page: feedbackReports.page,
          browser: feedbackReports.browser,
          language: feedbackReports.language,
          error: feedbackReports.error,
          memberId: feedbackReports.memberId,
        },
        hasScreenshot: sql<boolean>`${feedbackReports.screenshot} is not null`,
        member: { id: members.id, name: members.name, email: members.email },
      })
      .from(feedbackReports)
      .leftJoin(members, eq(members.id, feedbackReports.memberId))
      .orderBy(desc(feedbackReports.createdAt))
      .limit(LISTED);
    return rows.map(({ report, hasScreenshot, member }) => ({
      id: report.id,
      createdAt: report.createdAt.toISOString(),
      description: report.description,
      email: report.email,
      member: member?.id ? member : null,
      page: report.page,
      browser: report.browser,
      language: report.language,
      error: report.error,
      hasScreenshot,
    }));
  }

  /** A report's screenshot (WebP), for staff; null when it has none. */
  async screenshot(id: string): Promise<Buffer | null> {
    const [row] = await this.options.db
      .select({ screenshot: feedbackReports.screenshot })
      .from(feedbackReports)
      .where(eq(feedbackReports.id, id));
    return row?.screenshot ?? null;
  }
}
