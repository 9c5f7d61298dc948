import type { Language } from '../../../core/locale.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { emailText, renderMail } from '../mail/index.ts';

export interface ReportForMail {
  id: string;
  description: string;
  email: string | null;
  member: { id: string; email: string | null; name: string } | null;
  page: string;
  browser: string;
  language: Language;
  error: string | null;
  hasScreenshot: boolean;
}

/** The first line of a description, short enough for a subject. */
function summary(description: string): string {
  const line = description.split('\n')[0]!.trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/**
 * The report as support reads it, in English (the support team's language): what was written, who
 * sent it, and where from; Reply-To is the sender's address when there is one.
 */
export function feedbackSupportMail(
  report: ReportForMail,
  options: { to: string; siteUrl: string },
): OutgoingMail {
  const t = (key: string, values?: Record<string, string>) =>
    emailText('en', `feedback.${key}`, values);
  const address = report.email ?? report.member?.email ?? t('noAddress');
  const sender = report.member ? `${report.member.name} <${address}>` : address;
  return {
    to: options.to,
    language: 'en',
    template: 'feedback-support',
    ...(report.email ? { headers: { 'Reply-To': report.email } } : {}),
    ...renderMail({
      language: 'en',
      subject: t('supportSubject', { summary: summary(report.description) }),
      heading: t('supportHeading'),
      paragraphs: report.description.split(/\n{2,}/),
      list: [
        t('supportFrom', { sender }),
        t('supportPage', { page: `${options.siteUrl}${report.page}` }),
        t('supportBrowser', { browser: report.browser || '-' }),
        t('supportLanguage', { language: report.language }),
        ...(report.error ? [t('supportError', { error: report.error })] : []),
        t('supportId', { id: report.id }),
      ],
      ...(report.hasScreenshot
        ? {
            link: {
              label: t('supportScreenshot'),
              url: `${options.siteUrl}/api/admin/feedback/${report.id}/screenshot`,
            },
          }
        : {}),
      footer: t('supportFooter'),
    }),
  };
}

/** The sender's copy, in the language they wrote in: thanks, and what they wrote. */
export function feedbackCopyMail(report: ReportForMail, to: string): OutgoingMail {
  const language = report.language;
  const t = (key: string) => emailText(language, `feedback.${key}`);
  return {
    to,
    language,
    template: 'feedback-copy',
    ...renderMail({
      language,
      subject: t('copySubject'),
      heading: t('copyHeading'),
      paragraphs: [t('copyThanks'), t('copyQuoted')],
      closing: report.description.split(/\n{2,}/),
      footer: emailText(language, 'common.footer'),
    }),
  };
}
