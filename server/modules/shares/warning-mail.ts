import type { Language } from '../../../core/locale.ts';
import { emailText, renderMail, type OutgoingMail } from '../mail/index.ts';

/**
 * Staff's warning to the author of a reported record they kept shown (docs/shares.md#ownership-history-and-abuse):
 * which record, staff's note in their own words, and where the community guidelines are, in the
 * author's language.
 */
export function warningMail(input: {
  to: string;
  language: Language;
  label: string;
  note: string;
  siteUrl: string;
}): OutgoingMail {
  const t = (key: string, values: Record<string, string> = {}) =>
    emailText(input.language, `shares.${key}`, values);
  return {
    to: input.to,
    language: input.language,
    template: 'share-warning',
    ...renderMail({
      language: input.language,
      subject: t('warningSubject'),
      heading: t('warningHeading'),
      paragraphs: [t('warningWhat', { label: input.label }), t('warningNote'), input.note],
      closing: [t('warningNext')],
      link: { label: t('warningLink'), url: `${input.siteUrl.replace(/\/$/, '')}/tos` },
      footer: emailText(input.language, 'common.footer'),
    }),
  };
}
