import { Alert, Anchor, CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useSearchParams } from 'react-router';
import {
  COUNTRY_CURRENCY,
  SPEND_CATEGORIES,
  type Card,
  type EarnRate,
  type SpendCategory,
} from '../../../core/cards/card.ts';
import { convert, returnShare } from '../../../core/cards/finder.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useCardFormat, useLocalized } from './card-format.ts';
import { useCardData, type CardData } from './use-card-data.ts';
import { MAX_COMPARED, MIN_COMPARED, useCompareSelection } from './use-compare-selection.ts';

/** The best unconditional rate of a category on a card (its base rate when it has none). */
function categoryRate(card: Card, category: SpendCategory): EarnRate {
  const own = card.earn
    .filter((rate) => rate.category === category && !rate.condition)
    .sort((a, b) => b.rate - a.rate)[0];
  return (
    own ?? card.earn.find((rate) => rate.category === 'other' && !rate.condition && !rate.cap)!
  );
}

/** The rates of a category that need something (the bank's travel site, a brand, enrolment), as the card page lists them. */
function conditionalRates(card: Card, category: SpendCategory): EarnRate[] {
  return card.earn.filter((rate) => rate.category === category && rate.condition);
}

/**
 * Two to four cards side by side (/cardplus/compare?cards=a,b): fee, offer, every category's
 * rate with caps, credits, features and transfer partners.
 */
export function ComparePage({ page }: { page: PageDef }) {
  const data = useCardData();
  return (
    <PageFrame page={page}>
      <CompareCards data={data} />
    </PageFrame>
  );
}

/** The Taiwan rewards comparison (/cardplus/compare/rewards-credit-cards-tw): Taiwan's mile and points cards, in the same table. */
export function TaiwanRewardsComparePage({ page }: { page: PageDef }) {
  const data = useCardData();
  return (
    <PageFrame page={page}>
      <TaiwanComparison data={data} />
    </PageFrame>
  );
}

function CompareCards({ data }: { data: CardData }) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const [params, setParams] = useSearchParams();
  const selection = useCompareSelection();
  const fromLink = (params.get('cards') ?? '').split(',').filter((id) => data.byId.has(id));
  const ids = (
    fromLink.length > 0 ? fromLink : selection.ids.filter((id) => data.byId.has(id))
  ).slice(0, MAX_COMPARED);
  const cards = ids.map((id) => data.byId.get(id)!);

  // The page's address names the cards, so a comparison can be shared; the selection follows it.
  useEffect(() => {
    if (fromLink.length > 0 && fromLink.join(',') !== selection.ids.join(','))
      selection.set(fromLink.slice(0, MAX_COMPARED));
  }, [fromLink, selection]);

  const change = (next: string[]) => {
    selection.set(next);
    setParams(next.length > 0 ? { cards: next.join(',') } : {}, { replace: true });
  };
  const options = data.cards
    .filter((card) => !ids.includes(card.id))
    .map((card) => ({
      value: card.id,
      label: `${localized(card.name)} · ${t(`banks.${card.bank}`)}`,
    }));

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          label={t('compare.pick')}
          placeholder={t('compare.pickPlaceholder')}
          data={options}
          value={null}
          onChange={(value) => value && change([...ids, value])}
          searchable
          disabled={ids.length >= MAX_COMPARED}
          w={360}
        />
        <Text size="sm" c="dimmed">
          {t('compare.limits', { min: MIN_COMPARED, max: MAX_COMPARED })}
        </Text>
      </Group>
      {cards.length < MIN_COMPARED ? (
        <Alert color="blue" title={t('compare.needTitle')}>
          {t('compare.need', { count: MIN_COMPARED - cards.length })}{' '}
          <Anchor component={Link} to="/cardplus/s" c="inherit" underline="always" fw={600}>
            {t('compare.browse')}
          </Anchor>
        </Alert>
      ) : null}
      {cards.length > 0 && (
        <ComparisonTable
          cards={cards}
          data={data}
          onRemove={(id) => change(ids.filter((other) => other !== id))}
        />
      )}
    </Stack>
  );
}

function TaiwanComparison({ data }: { data: CardData }) {
  const { t } = useTranslation('cards');
  const rewards = data.cards.filter((card) => card.country === 'TW' && card.kind !== 'cash-back');
  return (
    <Stack gap="sm">
      <Text>{t('compareTw.intro')}</Text>
      <ComparisonTable
        cards={rewards}
        data={data}
        categories={['other', 'overseas', 'dining', 'online-shopping', 'flights']}
      />
    </Stack>
  );
}

function ComparisonTable({
  cards,
  data,
  onRemove,
  categories,
}: {
  cards: Card[];
  data: CardData;
  onRemove?: (id: string) => void;
  categories?: readonly SpendCategory[];
}) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const format = useCardFormat();
  const shownCategories = (categories ?? SPEND_CATEGORIES).filter(
    (category) =>
      category === 'other' ||
      cards.some((card) => card.earn.some((rate) => rate.category === category)),
  );
  // The share of spend a rate gives back, the same measure for every card.
  const worth = (card: Card, rate: number) =>
    returnShare(card, rate, data.currencyById.get(card.earns)?.cents ?? 1, data.rates);
  /**
   * One row; with `score`, the card(s) with the best score are marked (bold and a "best" label
   * read out too), unless every card scores the same.
   */
  const row = (
    label: string,
    cell: (card: Card) => React.ReactNode,
    score?: (card: Card) => number,
  ) => {
    const scores = score ? cards.map(score) : [];
    const top = scores.length > 0 ? Math.max(...scores) : null;
    const marked = (index: number) =>
      top !== null && scores[index] === top && scores.some((value) => value !== top);
    return (
      <Table.Tr key={label}>
        <Table.Th scope="row">{label}</Table.Th>
        {cards.map((card, index) => (
          <Table.Td
            key={card.id}
            style={
              marked(index)
                ? { fontWeight: 700, background: 'var(--mantine-color-green-0)' }
                : undefined
            }
            data-best={marked(index) || undefined}
          >
            {cell(card)}
            {marked(index) && (
              <Text span size="xs" ml={4} style={{ color: '#1b5e20' }} data-testid="compare-best">
                ✓ {t('compare.best')}
              </Text>
            )}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  };
  return (
    <Table.ScrollContainer minWidth={Math.max(480, 200 + cards.length * 200)}>
      <Table withColumnBorders striped data-testid="compare-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('compare.card')}</Table.Th>
            {cards.map((card) => (
              <Table.Th key={card.id} data-card={card.id}>
                <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
                  <Anchor component={Link} to={`/cardplus/c/${card.id}`}>
                    {localized(card.name)}
                  </Anchor>
                  {onRemove && (
                    <CloseButton
                      size="sm"
                      aria-label={t('compare.removeNamed', { name: localized(card.name) })}
                      onClick={() => onRemove(card.id)}
                    />
                  )}
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row(t('filters.bank'), (card) => t(`banks.${card.bank}`))}
          {row(t('filters.type'), (card) =>
            [t(`kinds.${card.kind}`), ...(card.business ? [t('types.business')] : [])].join(' · '),
          )}
          {row(
            t('fields.annualFee'),
            (card) => format.fee(card),
            (card) => -convert(card.annualFee, COUNTRY_CURRENCY[card.country], 'USD', data.rates),
          )}
          {row(
            t('fields.foreignFee'),
            (card) =>
              card.foreignFee === 0
                ? t('fee.noForeign')
                : t('rate.percent', { rate: format.number(card.foreignFee, 2) }),
            (card) => -card.foreignFee,
          )}
          {row(t('fields.earns'), (card) => {
            if (card.earns === 'cash') return t('earns.cash');
            const kind = data.currencyById.get(card.earns)?.kind;
            // A programme links to its guide; a bank's points to how to redeem them.
            const guide =
              kind === 'airline'
                ? `/rewardslib/${card.earns}`
                : kind === 'hotel'
                  ? `/hotelslib/${card.earns}`
                  : `/cardplus/redeem#${card.earns}`;
            return (
              <Anchor component={Link} to={guide}>
                {localized(data.programmeName(card.earns) ?? card.name)}
              </Anchor>
            );
          })}
          {row(t('fields.welcomeBonus'), (card) =>
            format.bonus(card, data.currencyById.get(card.earns)),
          )}
          {shownCategories.map((category) =>
            row(
              t(`categories.${category}`),
              (card) => {
                const rate = categoryRate(card, category);
                return (
                  <>
                    {format.rate(
                      card,
                      { category, rate: rate.rate },
                      data.currencyById.get(card.earns),
                    )}
                    {rate.cap && (
                      <Text size="xs">
                        {t(`cap.${rate.cap.period}`, {
                          spend: format.money(rate.cap.spend, COUNTRY_CURRENCY[card.country]),
                        })}
                      </Text>
                    )}
                    {conditionalRates(card, category).map((conditional) => (
                      <Text
                        size="xs"
                        key={`${conditional.condition}-${conditional.rate}`}
                        data-testid="compare-conditional"
                      >
                        {format.rate(
                          card,
                          { category, rate: conditional.rate },
                          data.currencyById.get(card.earns),
                        )}{' '}
                        · {t(`conditions.${conditional.condition}`)}
                      </Text>
                    ))}
                  </>
                );
              },
              (card) => worth(card, categoryRate(card, category).rate),
            ),
          )}
          {row(t('fields.credits'), (card) =>
            card.credits.length === 0
              ? '—'
              : card.credits.map((credit) => localized(credit.name)).join(' · '),
          )}
          {row(t('detail.features'), (card) =>
            card.features.map((feature) => localized(feature)).join(' · '),
          )}
          {row(t('detail.partners'), (card) =>
            t('compare.partnerCount', {
              count: data.currencyById.get(card.earns)?.transfers.length ?? 0,
            }),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
