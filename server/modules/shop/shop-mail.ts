import { localize } from '../../../core/cards/card.ts';
import { dateTimeFormat } from '../../../core/intl.ts';
import {
  INTL_LOCALES,
  isLanguage,
  type Language,
  type MoneyCurrency,
} from '../../../core/locale.ts';
import type { CheckoutDetails } from '../../../core/payments/checkout-contract.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import type { ShopOrderView } from '../../../core/shop/orders.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { emailText, renderMail } from '../mail/index.ts';

export type ShopMailKind = 'receipt' | 'shipped' | 'delivered' | 'refunded';

/**
 * The shop's e-mails (docs/shop.md#orders), in the language the order was placed in, to the
 * address given at checkout: the receipt (with codes and download links, delivered at once), the
 * parcel shipped with its tracking number, delivered, and a refund.
 */
export function shopMail(input: {
  kind: ShopMailKind;
  order: ShopOrderView;
  billing: Omit<CheckoutDetails, 'termsAgreed'>;
  language: string;
  currency: MoneyCurrency;
  siteUrl: string;
  receiptNumber: string | null;
}): OutgoingMail {
  const { order } = input;
  const language: Language = isLanguage(input.language) ? input.language : 'en';
  const t = (key: string, values: Record<string, string | number> = {}) =>
    emailText(language, `shop.${key}`, values);
  const money = (amount: number) => formatMinor(amount, input.currency, language);
  const day = dateTimeFormat(INTL_LOCALES[language], {
    dateStyle: 'medium',
    timeZone: 'Asia/Taipei',
  });
  const values = {
    number: order.number,
    total: money(order.totals.total),
    receipt: input.receiptNumber ?? '',
    carrier: order.carrier ?? '',
    tracking: order.trackingNumber ?? '',
  };
  const item = (line: ShopOrderView['lines'][number]) => {
    const choices = line.choices.map((choice) => localize(choice, language)).join(' / ');
    const name = `${localize(line.title, language)}${choices ? ` (${choices})` : ''} × ${line.quantity}`;
    if (line.codes.length > 0)
      return `${name}: ${t(line.simulatedSupplier ? 'codesSample' : 'codes', { codes: line.codes.join(', ') })}`;
    if (line.download)
      return `${name}: ${t('download', { url: line.download.url, until: day.format(new Date(line.download.expiresAt)) })}`;
    return name;
  };
  const shipped = order.lines.some((line) => line.delivery === 'shipped');
  const paragraphs: Record<ShopMailKind, string[]> = {
    receipt: [
      t('receiptPaid', values),
      ...(input.receiptNumber ? [t('receiptNumber', values)] : []),
      t(shipped ? 'receiptNextParcel' : 'receiptNextDigital', values),
    ],
    shipped: [t('shippedWhat', values)],
    delivered: [t('deliveredWhat', values)],
    refunded: [t('refundedWhat', values)],
  };
  const rendered = renderMail({
    language,
    subject: t(`${input.kind}Subject`, values),
    heading: t(`${input.kind}Heading`, values),
    paragraphs: [t('greeting', { name: input.billing.name }), ...paragraphs[input.kind]],
    ...(input.kind === 'receipt' ? { list: order.lines.map(item) } : {}),
    link: { label: t('button'), url: `${input.siteUrl}/profilepage/transaction` },
    footer: t('footer'),
  });
  return {
    ...rendered,
    to: input.billing.email,
    language,
    template: `shop-${input.kind}`,
    topic: `shop-order:${order.id}`,
  };
}
