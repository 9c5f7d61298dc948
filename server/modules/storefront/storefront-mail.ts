import { localize, type LocalizedText } from '../../../core/cards/card.ts';
import { numberFormat } from '../../../core/intl.ts';
import {
  INTL_LOCALES,
  isLanguage,
  type Language,
  type MoneyCurrency,
} from '../../../core/locale.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import type { StorefrontProgramme } from '../../../core/storefront/catalogue-schema.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { emailText, renderMail } from '../mail/index.ts';
import type { OrderRow } from './orders.service.ts';

export type StorefrontMailKind = 'receipt' | 'in-review' | 'credited' | 'refunded';
const KEY: Record<StorefrontMailKind, string> = {
  receipt: 'receipt',
  'in-review': 'review',
  credited: 'credited',
  refunded: 'refunded',
};

/**
 * The storefront's e-mails (docs/storefront.md#orders), in the language the order was placed in,
 * to the address given at checkout: the receipt, a review before crediting, the miles credited,
 * and a refund.
 */
export function storefrontMail(input: {
  kind: StorefrontMailKind;
  order: OrderRow;
  programme: StorefrontProgramme;
  name: LocalizedText;
  siteUrl: string;
  receiptNumber: string | null;
}): OutgoingMail {
  const { order } = input;
  const language: Language = isLanguage(order.language) ? order.language : 'en';
  const t = (key: string, values: Record<string, string | number> = {}) =>
    emailText(language, `storefront.${key}`, values);
  const count = numberFormat(INTL_LOCALES[language]).format;
  const values = {
    number: order.number,
    programme: localize(input.name, language),
    unit: localize(input.programme.unit, language),
    total: count(order.quantity + order.bonus),
    bought: count(order.quantity),
    bonus: count(order.bonus),
    amount: formatMinor(order.amount, order.currency as MoneyCurrency, language),
    account: order.accountNumber,
    receipt: input.receiptNumber ?? '',
    hours: input.programme.postingHours === 'unknown' ? '' : input.programme.postingHours.most,
  };
  const paragraphs: Record<StorefrontMailKind, string[]> = {
    receipt: [
      t('receiptPaid', values),
      t('receiptWhat', values),
      ...(input.receiptNumber ? [t('receiptNumber', values)] : []),
      t(input.programme.postingHours === 'unknown' ? 'receiptNextUnknown' : 'receiptNext', values),
    ],
    'in-review': [t('reviewWhat', values), t('reviewNext', values)],
    credited: [t('creditedWhat', values)],
    refunded: [t('refundedWhat', values), t('refundedReason', values)],
  };
  const rendered = renderMail({
    language,
    subject: t(`${KEY[input.kind]}Subject`, values),
    heading: t(`${KEY[input.kind]}Heading`, values),
    paragraphs: [t('greeting', { name: order.billing.name }), ...paragraphs[input.kind]],
    link: { label: t('button'), url: `${input.siteUrl}/profilepage/transaction` },
    footer: t('footer'),
  });
  return {
    ...rendered,
    to: order.billing.email,
    language,
    template: `storefront-${input.kind}`,
    topic: `storefront-order:${order.id}`,
  };
}
