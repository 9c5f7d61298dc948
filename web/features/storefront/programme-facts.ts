import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import { isMoneyCurrency } from '../../../core/locale.ts';
import type { useStorefrontFormat } from './storefront-format.ts';

/** The yearly cap in words: stated, the lowest of a range, none, or not confirmed; and how bonus miles count. */
function capFact(
  rules: ProgrammeSaleDetail['rules'],
  t: (key: string, values?: Record<string, unknown>) => string,
  miles: (value: number) => string,
): string {
  const cap = rules.annualCap;
  if (cap === 'unknown') return t('facts.capUnknown');
  if (cap === 'none') return t('facts.noCap');
  const limit =
    'miles' in cap
      ? t('facts.capValue', { cap: miles(cap.miles) })
      : t('facts.capRange', { lowest: miles(cap.lowest), highest: miles(cap.highest) });
  const bonus =
    rules.capIncludesBonus === 'yes'
      ? t('facts.bonusCounts')
      : rules.capIncludesBonus === 'no'
        ? t('facts.bonusNotCounted')
        : t('facts.bonusUnknown');
  return `${limit} ${bonus}`;
}

/** The programme's facts as label and text: how it sells, its cap, posting, expiry, and what its guide knows. */
export function programmeFacts(
  programme: ProgrammeSaleDetail,
  t: (key: string, values?: Record<string, unknown>) => string,
  format: ReturnType<typeof useStorefrontFormat>,
): [string, string][] {
  const rules = programme.rules;
  const guide = programme.guideRules;
  const facts: [string, string][] = [
    [
      t('facts.increments'),
      rules.maxPerOrder === null
        ? t('facts.incrementsNoMax', {
            min: format.miles(rules.minPerOrder),
            step: format.miles(rules.increment),
          })
        : t('facts.incrementsValue', {
            min: format.miles(rules.minPerOrder),
            max: format.miles(rules.maxPerOrder),
            step: format.miles(rules.increment),
          }),
    ],
    [t('facts.cap'), capFact(rules, t, format.miles)],
    [
      t('facts.posting'),
      rules.postingHours === 'unknown'
        ? t('facts.postingUnknown')
        : t('facts.postingValue', {
            usual: rules.postingHours.usual,
            most: rules.postingHours.most,
          }),
    ],
    [
      t('facts.expiry'),
      rules.expiry === 'unknown' ? t('facts.expiryUnknown') : format.text(rules.expiry),
    ],
    [t('facts.account'), t('facts.accountValue', { label: format.text(programme.account.label) })],
  ];
  if (guide?.partnerRedemptionFee)
    facts.push([
      t('facts.partnerFee'),
      t('facts.partnerFeeValue', {
        fee: isMoneyCurrency(guide.partnerRedemptionFee.fee.currency)
          ? format.shown.charged(
              guide.partnerRedemptionFee.fee.amount,
              guide.partnerRedemptionFee.fee.currency,
            )
          : `${guide.partnerRedemptionFee.fee.currency} ${guide.partnerRedemptionFee.fee.amount}`,
        hours: guide.partnerRedemptionFee.freeChangeHours ?? 0,
      }),
    ]);
  if (guide?.seatHold && guide.seatHold.hours > 0)
    facts.push([t('facts.seatHold'), format.text(guide.seatHold.rule)]);
  if (guide?.stopover) facts.push([t('facts.stopover'), format.text(guide.stopover.rule)]);
  return facts;
}
