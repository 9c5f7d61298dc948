import type { Language } from '../../../core/locale.ts';
import { escapeHtml, serverText } from '../../i18n.ts';

/** A string of the `emails` catalog; Japanese (partial by design) falls back to English. */
export function emailText(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  return serverText('emails', language, key, values);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * One e-mail in both parts: plain text and simple, inline-styled HTML that mail clients show
 * alike. `code` is shown large; `link` becomes a button and is repeated as plain text.
 */
export function renderMail(options: {
  language: Language;
  subject: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  /** Lines shown as a list after the paragraphs (a tracking's flights). */
  list?: string[];
  /** Paragraphs after the list. */
  closing?: string[];
  link?: { label: string; url: string };
  /** A small link under the footer (a tracking's stop link). */
  footerLink?: { label: string; url: string };
  footer: string;
}): RenderedMail {
  const text = [
    options.heading,
    '',
    ...options.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(options.list && options.list.length > 0
      ? [...options.list.map((item) => `- ${item}`), '']
      : []),
    ...(options.closing ?? []).flatMap((paragraph) => [paragraph, '']),
    ...(options.code ? [options.code, ''] : []),
    ...(options.link ? [`${options.link.label}: ${options.link.url}`, ''] : []),
    '--',
    options.footer,
    ...(options.footerLink ? [`${options.footerLink.label}: ${options.footerLink.url}`] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="${options.language}"><body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,'PingFang TC','Microsoft JhengHei',sans-serif;color:#212529">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#1864ab;margin:0 0 16px">TripPlus</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(options.heading)}</h1>
${options.paragraphs.map((paragraph) => `<p style="font-size:15px;line-height:1.6;margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('\n')}
${options.list && options.list.length > 0 ? `<ul style="font-size:14px;line-height:1.6;margin:0 0 12px;padding-left:20px">${options.list.map((item) => `<li style="margin-bottom:6px">${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
${(options.closing ?? []).map((paragraph) => `<p style="font-size:15px;line-height:1.6;margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('\n')}
${options.code ? `<p style="font-size:32px;letter-spacing:6px;font-weight:bold;font-family:monospace;margin:16px 0">${escapeHtml(options.code)}</p>` : ''}
${options.link ? `<p style="margin:20px 0"><a href="${escapeHtml(options.link.url)}" style="background:#1864ab;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(options.link.label)}</a></p><p style="font-size:12px;color:#495057;word-break:break-all">${escapeHtml(options.link.url)}</p>` : ''}
<p style="font-size:12px;color:#495057;margin-top:24px">${escapeHtml(options.footer)}</p>
${options.footerLink ? `<p style="font-size:12px;margin:8px 0 0"><a href="${escapeHtml(options.footerLink.url)}" style="color:#1864ab">${escapeHtml(options.footerLink.label)}</a></p>` : ''}</td></tr></table></body></html>`;
  return { subject: options.subject, text, html };
}
