import {
  isLanguage,
  INTL_LOCALES,
  type Language,
  type MoneyCurrency,
} from '../../../core/locale.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import type { MemberRow } from '../auth/index.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { emailText, renderMail } from '../mail/index.ts';
import type { PaymentRow } from '../payments/index.ts';
import type { SponsorshipRow } from './sponsorships.service.ts';

/** A day in the member's language, in the billing time zone (where the billing month turns). */
export function billingDay(language: Language, at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(at);
}

/**
 * The sponsorship e-mails, in the member's language: the receipt of a payment, a renewal that
 * failed (with the day it is tried again), and a sponsorship that ended after the last try.
 */
export function sponsorshipMail(input: {
  kind: 'receipt' | 'renewal-failed' | 'ended';
  member: MemberRow;
  siteUrl: string;
  timeZone: string;
  payment?: PaymentRow;
  sponsorship?: SponsorshipRow;
  retryAt?: Date | null;
}): OutgoingMail {
  const language: Language = isLanguage(input.member.language) ? input.member.language : 'en';
  const t = (key: string, values: Record<string, string | number> = {}) =>
    emailText(language, `sponsorship.${key}`, values);
  const day = (at: Date) => billingDay(language, at, input.timeZone);
  const plan = emailText(
    language,
    `plans.${input.payment?.plan ?? input.sponsorship?.plan ?? 'sponsor'}`,
  );
  const amount = input.payment
    ? formatMinor(input.payment.amount, input.payment.currency as MoneyCurrency, language)
    : '';
  const common = {
    language,
    footer: t('footer'),
    heading: '',
    subject: '',
    paragraphs: [] as string[],
  };
  let rendered;
  if (input.kind === 'receipt') {
    const payment = input.payment!;
    rendered = renderMail({
      ...common,
      subject: t('receiptSubject', { number: payment.receiptNumber ?? '' }),
      heading: t('receiptHeading'),
      paragraphs: [
        t('greeting', { name: input.member.name }),
        t('receiptPaid', { amount, plan }),
        ...(payment.periodStart && payment.periodEnd
          ? [t('receiptPeriod', { from: day(payment.periodStart), to: day(payment.periodEnd) })]
          : []),
        t('receiptNumber', { number: payment.receiptNumber ?? '' }),
      ],
      link: { label: t('receiptButton'), url: `${input.siteUrl}/profilepage/transaction` },
    });
  } else if (input.kind === 'renewal-failed') {
    rendered = renderMail({
      ...common,
      subject: t('failedSubject'),
      heading: t('failedHeading'),
      paragraphs: [
        t('greeting', { name: input.member.name }),
        t('failedWhat', {
          amount,
          plan,
          reason: emailText(language, `failures.${input.payment?.failure ?? 'declined'}`),
        }),
        t('failedRetry', { date: input.retryAt ? day(input.retryAt) : '' }),
      ],
      link: { label: t('failedButton'), url: `${input.siteUrl}/profilepage/sponsorship` },
    });
  } else {
    rendered = renderMail({
      ...common,
      subject: t('endedSubject'),
      heading: t('endedHeading'),
      paragraphs: [t('greeting', { name: input.member.name }), t('endedWhat', { plan })],
      link: { label: t('endedButton'), url: `${input.siteUrl}/support-tripplus` },
    });
  }
  return { ...rendered, to: input.member.email!, language, template: `sponsorship-${input.kind}` };
}
