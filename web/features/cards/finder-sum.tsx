import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Card, SpendCategory } from '../../../core/cards/card.ts';
import { CREDIT_USE_RATE, type CardValue } from '../../../core/cards/finder.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useCardFormat } from './card-format.ts';
import type { CardData } from './use-card-data.ts';

/** The arithmetic of one card, line by line. */
export function FinderSum({ card, value, data }: { card: Card; value: CardValue; data: CardData }) {
  const { t } = useTranslation('cards');
  const format = useCardFormat();
  const currency = data.currencyById.get(card.earns);
  const inCard = (amount: number) => format.money(amount, value.cardCurrency);
  const inMember = (amount: number) => format.money(amount, value.currency);
  const unit = format.unit(card, currency);
  const points = (amount: number) =>
    value.cash
      ? inCard(amount / 100)
      : t(`amount.${unit}`, { count: Math.round(amount), amount: format.number(amount) });
  const rateLabel = (rate: number) => format.rate(card, { category: 'other', rate }, currency);
  return (
    <Stack gap={6} data-testid="finder-sum">
      {value.categories.map((earning) => (
        <Text size="sm" key={earning.category}>
          <strong>{t(`categories.${earning.category as SpendCategory}`)}</strong>:{' '}
          {earning.tiers
            .map((tier) =>
              t(tier.capped ? 'sum.tierCapped' : 'sum.tier', {
                spend: inCard(tier.spend),
                rate: rateLabel(tier.rate),
                points: points(tier.points),
              }),
            )
            .join(' + ')}
        </Text>
      ))}
      <Text size="sm">
        {value.cash
          ? t('sum.cashTotal', {
              amount: inCard(value.points / 100),
              value: inMember(value.earnValue),
            })
          : t('sum.pointsTotal', {
              points: points(value.points),
              cents: format.number(currency?.cents ?? 0, 2),
              value: inMember(value.earnValue),
            })}
      </Text>
      {value.bonus &&
        (value.bonus.unconfirmed ? (
          <Text size="sm" data-testid="bonus-unconfirmed">
            {t('sum.bonusUnconfirmed', {
              bonus: value.cash ? inCard(value.bonus.amount) : points(value.bonus.amount),
            })}
          </Text>
        ) : value.bonus.reachable ? (
          <Text size="sm">
            {t('sum.bonusReached', {
              bonus: value.cash ? inCard(value.bonus.amount) : points(value.bonus.amount),
              spend: inCard(value.bonus.required),
              count: value.bonus.months,
              reached: inCard(value.bonus.reached),
              value: inMember(value.bonus.value),
            })}
          </Text>
        ) : (
          <Text size="sm">
            {t('sum.bonusMissed', {
              spend: inCard(value.bonus.required),
              count: value.bonus.months,
              reached: inCard(value.bonus.reached),
            })}
          </Text>
        ))}
      {value.credits > 0 && (
        <Text size="sm">
          {t('sum.credits', { share: CREDIT_USE_RATE * 100, value: inMember(value.credits) })}
        </Text>
      )}
      {value.anniversaryValue > 0 && (
        <Text size="sm">{t('sum.anniversary', { value: inMember(value.anniversaryValue) })}</Text>
      )}
      <Text size="sm">
        {t('sum.fees', { first: inMember(value.firstYearFee), yearly: inMember(value.annualFee) })}
      </Text>
      <Text size="sm" fw={600}>
        {t('sum.firstYear', { value: inMember(value.firstYear) })} ·{' '}
        {t('sum.ongoing', { value: inMember(value.ongoing) })}
      </Text>
      <Anchor component={Link} to={`/cardplus/c/${card.id}`} size="sm">
        {t('finder.cardDetails')}
      </Anchor>
    </Stack>
  );
}
