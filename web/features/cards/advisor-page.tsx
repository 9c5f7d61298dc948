import {
  Alert,
  Anchor,
  Button,
  Card as Panel,
  Group,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import { applyPreferences, feeBand, type FeeBand } from '../../../core/cards/catalogue.ts';
import type { Card, CardCountry } from '../../../core/cards/card.ts';
import { rankCards, type MonthlySpend } from '../../../core/cards/finder.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useCardFormat, useLocalized } from './card-format.ts';
import { useCardData, type CardData } from './use-card-data.ts';
import { useCardPreferences } from './use-card-preferences.ts';

const GOALS = ['travel', 'cash', 'hotel'] as const;
const FEES = ['none', 'low', 'any'] as const;
const LEVELS = ['light', 'medium', 'heavy'] as const;
type Answers = {
  country: CardCountry;
  goal: (typeof GOALS)[number];
  fee: (typeof FEES)[number];
  level: (typeof LEVELS)[number];
  business: 'yes' | 'no';
};

/** Monthly spend of each level, in the country's money, split like a typical household's card spend (docs/cards.md). */
const LEVEL_TOTAL: Record<CardCountry, Record<Answers['level'], number>> = {
  US: { light: 1_000, medium: 2_500, heavy: 5_000 },
  TW: { light: 15_000, medium: 40_000, heavy: 80_000 },
};
const SHARES: Record<CardCountry, MonthlySpend> = {
  US: {
    dining: 0.17,
    groceries: 0.25,
    gas: 0.1,
    flights: 0.08,
    hotels: 0.07,
    streaming: 0.02,
    other: 0.31,
  },
  TW: { dining: 0.2, 'online-shopping': 0.2, overseas: 0.15, transit: 0.05, other: 0.4 },
};

function spendFor(answers: Answers): MonthlySpend {
  const total = LEVEL_TOTAL[answers.country][answers.level];
  return Object.fromEntries(
    Object.entries(SHARES[answers.country]).map(([category, share]) => [
      category,
      Math.round(total * share!),
    ]),
  );
}

const GOAL_FITS: Record<Answers['goal'], (card: Card) => boolean> = {
  travel: (card) =>
    card.kind === 'airline' || (card.kind === 'bank-rewards' && card.earns !== 'cash'),
  cash: (card) => card.earns === 'cash' || card.kind === 'cash-back',
  hotel: (card) => card.kind === 'hotel',
};
const FEE_FITS: Record<Answers['fee'], FeeBand[]> = {
  none: ['none'],
  low: ['none', 'low'],
  any: ['none', 'low', 'mid', 'high'],
};

/** /cardplus/advisor: five questions, then three cards with the reasons. */
export function AdvisorPage({ page }: { page: PageDef }) {
  const data = useCardData();
  return (
    <PageFrame page={page}>
      <Advisor data={data} />
    </PageFrame>
  );
}

function Advisor({ data }: { data: CardData }) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const format = useCardFormat();
  const { preferences } = useCardPreferences();
  const [answers, setAnswers] = useState<Answers>({
    country: 'US',
    goal: 'travel',
    fee: 'low',
    level: 'medium',
    business: 'no',
  });
  const [asked, setAsked] = useState(false);
  const set =
    <K extends keyof Answers>(key: K) =>
    (value: string) => (
      setAsked(false),
      setAnswers((current) => ({ ...current, [key]: value as Answers[K] }))
    );

  const picks = useMemo(() => {
    const money = answers.country === 'US' ? 'USD' : 'TWD';
    const cards = data.cards.filter(
      (card) =>
        card.country === answers.country &&
        GOAL_FITS[answers.goal](card) &&
        FEE_FITS[answers.fee].includes(feeBand(card)) &&
        (answers.business === 'yes' || !card.business),
    );
    const kept = applyPreferences(
      cards,
      {
        ...preferences,
        promoteBusiness: preferences.promoteBusiness || answers.business === 'yes',
      },
      'recommend',
    );
    const worth = (card: Card) => ({
      cash: card.earns === 'cash',
      cents: data.currencyById.get(card.earns)?.cents ?? 1,
    });
    return {
      money,
      ranked: rankCards(
        kept,
        spendFor(answers),
        money,
        worth,
        { perUsd: data.rates.perUsd },
        'first-year',
      ).slice(0, 3),
    } as const;
  }, [answers, data, preferences]);

  const question = <K extends keyof Answers>(key: K, options: readonly string[]) => (
    <Radio.Group
      key={key}
      label={t(`advisor.${key}.question`)}
      value={answers[key]}
      onChange={set(key)}
    >
      <Group mt={6} gap="md">
        {options.map((option) => (
          <Radio key={option} value={option} label={t(`advisor.${key}.${option}`)} />
        ))}
      </Group>
    </Radio.Group>
  );

  return (
    <Stack gap="md">
      {question('country', ['US', 'TW'])}
      {question('goal', GOALS)}
      {question('fee', FEES)}
      {question('level', LEVELS)}
      {question('business', ['no', 'yes'])}
      <Group>
        <Button onClick={() => setAsked(true)}>{t('advisor.recommend')}</Button>
      </Group>
      {asked &&
        (picks.ranked.length === 0 ? (
          <Alert color="gray" title={t('advisor.noneTitle')}>
            {t('advisor.none')}
          </Alert>
        ) : (
          <section aria-labelledby="advisor-picks" data-testid="advisor-picks">
            <Title order={2} fz="lg" id="advisor-picks">
              {t('advisor.picks')}
            </Title>
            <Stack gap="sm" mt="xs">
              {picks.ranked.map((value) => {
                const card = data.byId.get(value.cardId)!;
                return (
                  <Panel key={card.id} withBorder radius="md" padding="md" data-card={card.id}>
                    <Anchor component={Link} to={`/cardplus/c/${card.id}`} fw={600}>
                      {localized(card.name)}
                    </Anchor>
                    <Text size="sm" mt={4}>
                      {t('advisor.why', {
                        firstYear: format.money(value.firstYear, picks.money),
                        ongoing: format.money(value.ongoing, picks.money),
                        fee: format.fee(card),
                        bonus: format.bonus(card, data.currencyById.get(card.earns)),
                      })}
                    </Text>
                  </Panel>
                );
              })}
            </Stack>
            <Text size="sm" c="dimmed" mt="xs">
              {t('advisor.basis')}{' '}
              <Anchor component={Link} to="/cardplus/finder">
                {t('advisor.toFinder')}
              </Anchor>
            </Text>
          </section>
        ))}
    </Stack>
  );
}
