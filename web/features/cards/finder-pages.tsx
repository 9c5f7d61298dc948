import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applyPreferences } from '../../../core/cards/catalogue.ts';
import { SPEND_CATEGORIES, type Card, type CardCountry } from '../../../core/cards/card.ts';
import {
  CREDIT_USE_RATE,
  rankCards,
  type FinderOrder,
  type MonthlySpend,
} from '../../../core/cards/finder.ts';
import { isMoneyCurrency, type MoneyCurrency } from '../../../core/locale.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useAuth } from '../auth/index.ts';
import { useCardFormat, useLocalized } from './card-format.ts';
import { Segments } from '../../components/choices.tsx';
import { LabelledSegments } from './labelled-choices.tsx';
import { useCardData, type CardData } from './use-card-data.ts';
import { useCardPreferences } from './use-card-preferences.ts';
import { useWallet } from './use-wallet.ts';
import { FinderSum } from './finder-sum.tsx';

/** Monthly spend of the worked example (/cardplus/finder/example), in US dollars. */
export const EXAMPLE_SPEND: MonthlySpend = {
  dining: 600,
  groceries: 500,
  flights: 200,
  hotels: 150,
  gas: 150,
  streaming: 30,
  other: 1_200,
};
const RESULTS_SHOWN = 10;

/** The member's money currency: their account's, else the one picked in the header. */
function useMoneyCurrency(): MoneyCurrency {
  const { member } = useAuth();
  const { moneyCurrency } = useAppState();
  return member && isMoneyCurrency(member.currency) ? member.currency : moneyCurrency;
}

function spendFromParams(params: URLSearchParams): MonthlySpend {
  const spend: MonthlySpend = {};
  for (const category of SPEND_CATEGORIES) {
    const value = Number(params.get(category));
    if (Number.isFinite(value) && value > 0) spend[category] = Math.min(value, 10_000_000);
  }
  return spend;
}

/** /cardplus/finder: monthly spend by category, in the member's currency (NT$ for Taiwan cards). */
export function FinderPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const memberCurrency = useMoneyCurrency();
  const [params] = useSearchParams();
  const [spend, setSpend] = useState<MonthlySpend>(() => spendFromParams(params));
  const [country, setCountry] = useState<CardCountry>(memberCurrency === 'TWD' ? 'TW' : 'US');
  // Taiwan cards are weighed on what is spent in Taiwan: the form asks for NT$ (issue 22).
  const currency: MoneyCurrency = country === 'TW' ? 'TWD' : memberCurrency;
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const total = SPEND_CATEGORIES.reduce((sum, category) => sum + (spend[category] ?? 0), 0);
    if (total <= 0) {
      setError(t('finder.needSpend'));
      return;
    }
    const query = new URLSearchParams({ country, currency });
    for (const category of SPEND_CATEGORIES)
      if (spend[category]) query.set(category, String(spend[category]));
    navigate(`/cardplus/finder/result?${query.toString()}`);
  };

  return (
    <PageFrame page={page}>
      <form onSubmit={submit} noValidate aria-labelledby="finder-form-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="finder-form-title">
            {t('finder.formTitle', { currency })}
          </Title>
          <LabelledSegments
            id="finder-country"
            label={t('finder.country')}
            value={country}
            onChange={(value) => setCountry(value as CardCountry)}
            options={(['US', 'TW'] as const).map((value) => ({
              value,
              label: t(`countries.${value}`),
            }))}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {SPEND_CATEGORIES.map((category) => (
              <NumberInput
                key={category}
                label={t(`categories.${category}`)}
                description={t(`categoryHelp.${category}`)}
                value={spend[category] ?? ''}
                min={0}
                max={10_000_000}
                thousandSeparator=","
                allowNegative={false}
                prefix={`${currency} `}
                onChange={(value) => {
                  setError(null);
                  setSpend((current) => ({
                    ...current,
                    [category]: typeof value === 'number' ? value : Number(value) || 0,
                  }));
                }}
                data-testid={`spend-${category}`}
              />
            ))}
          </SimpleGrid>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit">{t('finder.submit')}</Button>
            <Anchor component={Link} to="/cardplus/finder/example">
              {t('finder.seeExample')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}

/** /cardplus/finder/result: the cards ranked by first-year or ongoing value, each with its sum. */
export function FinderResultPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  const data = useCardData();
  const [params] = useSearchParams();
  const memberCurrency = useMoneyCurrency();
  const requested = params.get('currency');
  const currency = isMoneyCurrency(requested) ? requested : memberCurrency;
  const country: CardCountry = params.get('country') === 'TW' ? 'TW' : 'US';
  const spend = spendFromParams(params);
  const empty = Object.keys(spend).length === 0;
  return (
    <PageFrame page={page}>
      {empty ? (
        <Alert color="blue" title={t('finder.noSpendTitle')}>
          {t('finder.noSpend')}{' '}
          <Anchor component={Link} to="/cardplus/finder" c="inherit" underline="always" fw={600}>
            {t('finder.toForm')}
          </Anchor>
        </Alert>
      ) : (
        <FinderResults data={data} spend={spend} currency={currency} country={country} />
      )}
    </PageFrame>
  );
}

/** /cardplus/finder/example: the finder run on one household's spend, every step shown. */
export function FinderExamplePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  const data = useCardData();
  const format = useCardFormat();
  return (
    <PageFrame page={page}>
      <Stack gap="sm">
        <Text>{t('example.intro')}</Text>
        <List>
          {Object.entries(EXAMPLE_SPEND).map(([category, amount]) => (
            <List.Item key={category}>
              {t(`categories.${category}`)}: {format.money(amount, 'USD')}
            </List.Item>
          ))}
        </List>
        <Text>{t('example.rules', { share: CREDIT_USE_RATE * 100 })}</Text>
        <FinderResults
          data={data}
          spend={EXAMPLE_SPEND}
          currency="USD"
          country="US"
          expandFirst
          limit={3}
        />
      </Stack>
    </PageFrame>
  );
}

function FinderResults({
  data,
  spend,
  currency,
  country,
  expandFirst = false,
  limit = RESULTS_SHOWN,
}: {
  data: CardData;
  spend: MonthlySpend;
  currency: MoneyCurrency;
  country: CardCountry;
  expandFirst?: boolean;
  limit?: number;
}) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const format = useCardFormat();
  const { preferences } = useCardPreferences();
  const wallet = useWallet();
  const [order, setOrder] = useState<FinderOrder>('first-year');
  const ranked = useMemo(() => {
    const cards = applyPreferences(
      data.cards.filter((card) => card.country === country),
      preferences,
      'recommend',
    );
    const worth = (card: Card) => ({
      cash: card.earns === 'cash',
      cents: data.currencyById.get(card.earns)?.cents ?? 1,
    });
    return rankCards(cards, spend, currency, worth, { perUsd: data.rates.perUsd }, order);
  }, [data, spend, currency, country, preferences, order]);

  return (
    <Stack gap="md" data-testid="finder-results">
      <Group justify="space-between">
        <Segments
          aria-label={t('finder.order')}
          value={order}
          onChange={(value) => setOrder(value as FinderOrder)}
          options={[
            { value: 'first-year', label: t('finder.firstYear') },
            { value: 'ongoing', label: t('finder.ongoing') },
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('finder.assumptions', { date: data.rates.asOf })}
        </Text>
      </Group>
      <Text size="sm" data-testid="finder-order-explained">
        {t(order === 'first-year' ? 'finder.firstYearExplain' : 'finder.ongoingExplain')}
      </Text>
      {/* Only what the member chose is called their preference; business cards are left out by default. */}
      {preferences.ignoredBanks.length > 0 && (
        <Text size="sm" data-testid="finder-preferences-applied">
          {t('finder.preferencesApplied')}
        </Text>
      )}
      {!preferences.promoteBusiness && (
        <Text size="sm" c="dimmed">
          {t('finder.businessLeftOut')}
        </Text>
      )}
      <Accordion variant="separated" defaultValue={expandFirst ? ranked[0]?.cardId : null}>
        {ranked.slice(0, limit).map((value, index) => {
          const card = data.byId.get(value.cardId)!;
          return (
            <Accordion.Item
              key={card.id}
              value={card.id}
              data-testid="finder-card"
              data-card={card.id}
            >
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="filled" circle>
                      {index + 1}
                    </Badge>
                    <Text fw={600}>{localized(card.name)}</Text>
                    {preferences.likedCards.includes(card.id) && (
                      <Badge color="pink" variant="light">
                        {t('like.liked')}
                      </Badge>
                    )}
                    {wallet?.cards.some((held) => held.cardId === card.id) && (
                      <Badge color="teal" variant="light">
                        {t('wallet.youHold')}
                      </Badge>
                    )}
                  </Group>
                  <Text fw={700} data-testid="finder-value">
                    {format.money(
                      order === 'first-year' ? value.firstYear : value.ongoing,
                      currency,
                    )}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <FinderSum card={card} value={value} data={data} />
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
