import type { Language } from '../../../core/locale.ts';
import type { MailLanguage, NewsletterTopic } from '../../../core/newsletter.ts';
import type { IssueSnapshot } from '../../db/schema/index.ts';
import { escapeHtml } from '../../i18n.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { emailText, renderMail } from '../mail/index.ts';

const t = (language: Language, key: string, values: Record<string, string | number> = {}) =>
  emailText(language, `newsletter.${key}`, values);

/** The topics in words, in the reader's language. */
export function topicsText(language: Language, topics: readonly NewsletterTopic[]): string {
  return topics
    .map((topic) => emailText(language, `newsletterTopics.${topic}`))
    .join(emailText(language, 'newsletter.listSeparator'));
}

/** The double opt-in e-mail: one button that confirms these topics in this language. */
export function confirmationMail(input: {
  to: string;
  language: MailLanguage;
  topics: readonly NewsletterTopic[];
  confirmUrl: string;
}): OutgoingMail {
  const { language } = input;
  return {
    ...renderMail({
      language,
      subject: t(language, 'confirmSubject'),
      heading: t(language, 'confirmHeading'),
      paragraphs: [
        t(language, 'confirmIntro', { topics: topicsText(language, input.topics) }),
        t(language, 'confirmExpiry'),
      ],
      link: { label: t(language, 'confirmButton'), url: input.confirmUrl },
      footer: t(language, 'confirmFooter'),
    }),
    to: input.to,
    language,
    template: 'newsletter-confirm',
  };
}

/**
 * The welcome after a confirmed subscription, and the preference link asked for on /edm: each
 * carries the reader's own preference page (a signed link, no login) and the unsubscribe page.
 */
export function readerLinkMail(input: {
  kind: 'welcome' | 'preference-link';
  to: string;
  language: MailLanguage;
  topics: readonly NewsletterTopic[];
  links: { preference: string; unsubscribe: string };
}): OutgoingMail {
  const { language } = input;
  const welcome = input.kind === 'welcome';
  return {
    ...renderMail({
      language,
      subject: t(language, welcome ? 'welcomeSubject' : 'linkSubject'),
      heading: t(language, welcome ? 'welcomeHeading' : 'linkHeading'),
      paragraphs: welcome
        ? [
            t(language, 'welcomeIntro', { topics: topicsText(language, input.topics) }),
            t(language, 'welcomeKeep'),
          ]
        : [t(language, 'linkIntro'), t(language, 'linkKeep')],
      link: { label: t(language, 'preferences'), url: input.links.preference },
      footerLink: { label: t(language, 'unsubscribe'), url: input.links.unsubscribe },
      footer: t(language, welcome ? 'welcomeFooter' : 'linkFooter'),
    }),
    to: input.to,
    language,
    template: welcome ? 'newsletter-welcome' : 'newsletter-preference-link',
  };
}

/** One block of product content: a heading and linked lines made from live data. */
export interface ProductSection {
  heading: string;
  items: { title: string; detail?: string; url: string }[];
}

/** What staff write, in one language; `sections` are made from the product as the issue goes out. */
export interface IssueText {
  subject: string;
  body: string;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Staff's text as HTML: blank lines part paragraphs, a line starting `## ` is a heading, lines starting `- ` a list; addresses become links. */
function bodyHtml(body: string): string {
  const linked = (line: string) =>
    escapeHtml(line).replace(
      URL_PATTERN,
      (url) => `<a href="${url}" style="color:#1864ab">${url}</a>`,
    );
  const html: string[] = [];
  for (const block of body.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    let paragraph: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (paragraph.length > 0)
        html.push(
          `<p style="font-size:15px;line-height:1.6;margin:0 0 12px">${paragraph.map(linked).join('<br>')}</p>`,
        );
      if (list.length > 0)
        html.push(
          `<ul style="font-size:15px;line-height:1.6;margin:0 0 12px;padding-left:20px">${list.map((item) => `<li>${linked(item)}</li>`).join('')}</ul>`,
        );
      paragraph = [];
      list = [];
    };
    for (const line of block.split('\n').map((text) => text.trimEnd())) {
      if (!line.trim()) continue;
      if (line.startsWith('## ')) {
        flush();
        html.push(`<h2 style="font-size:18px;margin:20px 0 8px">${linked(line.slice(3))}</h2>`);
      } else if (line.startsWith('- ')) {
        if (paragraph.length > 0) flush();
        list.push(line.slice(2));
      } else {
        if (list.length > 0) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return html.join('\n');
}

/** Staff's text as plain text: as written, headings without their marks. */
function bodyText(body: string): string {
  return body
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => (line.startsWith('## ') ? line.slice(3).toUpperCase() : line))
    .join('\n')
    .trim();
}

/** Each reader's own parts of an issue, filled in when it is sent to them. */
export const READER_SLOTS = {
  preference: '{{preference}}',
  unsubscribe: '{{unsubscribe}}',
  reason: '{{reason}}',
} as const;

/**
 * An issue in one language, as every reader of that language gets it but for their own links and
 * the reason they get it (READER_SLOTS): a text part and an HTML part, the product sections after
 * staff's text, and a footer with the reason, the links and the postal address.
 */
export function renderIssue(input: {
  language: MailLanguage;
  text: IssueText;
  sections: readonly ProductSection[];
  postalAddress: string;
}): IssueSnapshot[MailLanguage] {
  const { language } = input;
  const postal = input.postalAddress || t(language, 'noPostalAddress');
  const sectionText = input.sections.flatMap((section) => [
    '',
    section.heading.toUpperCase(),
    ...section.items.map(
      (item) => `- ${item.title}${item.detail ? ` (${item.detail})` : ''}: ${item.url}`,
    ),
  ]);
  const text = [
    bodyText(input.text.body),
    ...sectionText,
    '',
    '--',
    READER_SLOTS.reason,
    `${t(language, 'preferences')}: ${READER_SLOTS.preference}`,
    `${t(language, 'unsubscribe')}: ${READER_SLOTS.unsubscribe}`,
    postal,
  ].join('\n');
  const sectionsHtml = input.sections
    .map(
      (section) =>
        `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2><ul style="font-size:15px;line-height:1.6;margin:0 0 12px;padding-left:20px">${section.items
          .map(
            (item) =>
              `<li style="margin-bottom:6px"><a href="${escapeHtml(item.url)}" style="color:#1864ab;font-weight:bold">${escapeHtml(item.title)}</a>${item.detail ? `<br><span style="color:#495057">${escapeHtml(item.detail)}</span>` : ''}</li>`,
          )
          .join('')}</ul>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(input.text.subject)}</title></head><body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,'PingFang TC','Microsoft JhengHei',sans-serif;color:#212529">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#1864ab;margin:0 0 16px">TripPlus</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(input.text.subject)}</h1>
${bodyHtml(input.text.body)}
${sectionsHtml}
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 12px">
<p style="font-size:12px;color:#495057;margin:0 0 8px">${READER_SLOTS.reason}</p>
<p style="font-size:12px;margin:0 0 8px"><a href="${READER_SLOTS.preference}" style="color:#1864ab">${escapeHtml(t(language, 'preferences'))}</a> · <a href="${READER_SLOTS.unsubscribe}" style="color:#1864ab">${escapeHtml(t(language, 'unsubscribe'))}</a></p>
<p style="font-size:12px;color:#868e96;margin:0">${escapeHtml(postal)}</p></td></tr></table></body></html>`;
  return { subject: input.text.subject, text, html };
}

/** One reader's copy of an issue: their links and their reason put in. */
export function personalise(
  snapshot: IssueSnapshot[MailLanguage],
  reader: {
    language: MailLanguage;
    topics: readonly NewsletterTopic[];
    links: { preference: string; unsubscribe: string };
  },
): { subject: string; text: string; html: string } {
  const reason = t(reader.language, 'reason', {
    topics: topicsText(reader.language, reader.topics),
  });
  const values = {
    preference: reader.links.preference,
    unsubscribe: reader.links.unsubscribe,
    reason,
  };
  const fill = (template: string, escape: (value: string) => string) =>
    template.replace(/\{\{(preference|unsubscribe|reason)\}\}/g, (_, slot: keyof typeof values) =>
      escape(values[slot]),
    );
  return {
    subject: snapshot.subject,
    text: fill(snapshot.text, (value) => value),
    html: fill(snapshot.html, escapeHtml),
  };
}
