import { INTL_LOCALES, type Language, type MoneyCurrency } from '../../../core/locale.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import { escapeHtml, serverText } from '../../i18n.ts';
import type { CardRow, PaymentRow } from './payments.service.ts';

/**
 * A payment's receipt as a self-contained HTML document (it prints to one page and opens offline),
 * in the member's language: number, date, who paid (with company and business number for a
 * business plan), what for, the amount and the card.
 */
export function receiptHtml(input: {
  payment: PaymentRow;
  card: CardRow | null;
  language: Language;
  timeZone: string;
  simulated: boolean;
  supportEmail: string;
  item?: string | null;
}): string {
  const { payment, card, language } = input;
  const t = (key: string, values: Record<string, string | number> = {}) =>
    escapeHtml(serverText('payments', language, `receipt.${key}`, values));
  const day = (at: Date) =>
    new Intl.DateTimeFormat(INTL_LOCALES[language], {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: input.timeZone,
    }).format(at);
  const billing = payment.billing;
  const address = billing
    ? [
        billing.address.line1,
        billing.address.line2,
        billing.address.city,
        billing.address.region,
        billing.address.postalCode,
        new Intl.DisplayNames([INTL_LOCALES[language]], { type: 'region' }).of(
          billing.address.country,
        ) ?? billing.address.country,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  // A sponsorship names its plan; another purpose (a storefront order) says what it bought itself.
  const what =
    input.item ??
    serverText('payments', language, `receipt.purpose_${payment.purpose}`, {
      plan: payment.plan ? serverText('payments', language, `plans.${payment.plan}`) : '',
    });
  const period =
    payment.periodStart && payment.periodEnd
      ? t('period', { from: day(payment.periodStart), to: day(payment.periodEnd) })
      : '';
  const amount = escapeHtml(
    formatMinor(payment.amount, payment.currency as MoneyCurrency, language),
  );
  const row = (label: string, value: string) =>
    value ? `<tr><th>${label}</th><td>${value}</td></tr>` : '';
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${t('title', { number: payment.receiptNumber ?? '' })}</title>
<style>body{font-family:Arial,'PingFang TC','Noto Sans CJK TC','Microsoft JhengHei',sans-serif;color:#212529;max-width:640px;margin:32px auto;padding:0 16px}h1{font-size:22px;margin:0 0 4px}p.brand{color:#1864ab;font-weight:bold;font-size:20px;margin:0 0 24px}table{width:100%;border-collapse:collapse;margin:16px 0}th{text-align:left;color:#495057;font-weight:normal;padding:8px 12px 8px 0;width:38%;vertical-align:top}td{padding:8px 0}tr{border-bottom:1px solid #e9ecef}.total td,.total th{font-weight:bold;font-size:18px;color:#212529}.note{font-size:12px;color:#495057}.sandbox{background:#fff3bf;padding:8px 12px;border-radius:6px}</style>
</head><body>
<p class="brand">TripPlus</p>
<h1>${t('heading')}</h1>
<p class="note">${t('number', { number: payment.receiptNumber ?? '' })}</p>
${input.simulated ? `<p class="note sandbox">${t('sandbox')}</p>` : ''}
<table>
${row(t('date'), payment.paidAt ? escapeHtml(day(payment.paidAt)) : '')}
${row(t('billedTo'), billing ? `${escapeHtml(billing.name)}<br>${escapeHtml(billing.email)}` : '')}
${row(t('company'), billing?.company ? escapeHtml(billing.company) : '')}
${row(t('taxId'), billing?.taxId ? escapeHtml(billing.taxId) : '')}
${row(t('address'), escapeHtml(address))}
${row(t('item'), `${escapeHtml(what)}${period ? `<br>${period}` : ''}`)}
${row(t('card'), card ? t('cardValue', { brand: card.brand.toUpperCase(), last4: card.last4 }) : '')}
<tr class="total"><th>${t('total')}</th><td>${amount}</td></tr>
</table>
<p class="note">${t('status')}</p>
<p class="note">${t('questions', { email: input.supportEmail })}</p>
</body></html>`;
}
