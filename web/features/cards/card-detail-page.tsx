/* eslint-disable max-lines -- one card's page: its offer, fees, earning table, bonus history and wallet button read one loaded card. */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { COUNTRY_CURRENCY, localize, type Card } from '../../../core/cards/card.ts';
import type { PointsCurrency } from '../../../core/cards/points-currency.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { SectionNav } from '../../components/section-nav.tsx';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { useAuth } from '../auth/index.ts';
import { BonusHistoryChart } from './bonus-history-chart.tsx';
import { cardFormat, useCardFormat, useLocalized } from './card-format.ts';
import type { PartnerView } from '../../../core/cards/reference.ts';
import { cardsApi } from './cards-api.ts';
import { useCardPreferences } from './use-card-preferences.ts';
import { useWallet } from './use-wallet.ts';
import { MAX_COMPARED, compareLink, useCompareSelection } from './use-compare-selection.ts';

type Loaded = { card: Card; currency: PointsCurrency | null; partners: PartnerView[] };
/** A card, or null with status 404 when the address names no card of ours. */
type CardLoad = Loaded | null;

async function loadCard({ context, params }: LoaderFunctionArgs) {
  const loaded = await loaderFind<Loaded>(
    context,
    `/api/cards/${encodeURIComponent(params.id ?? '')}`,
  );
  return loaded ? loaded : data<CardLoad>(null, { status: 404 });
}

/**
 * Title, description and structured data of a card's page: its name, fee and welcome offer,
 * as a search result shows them, and the way down from the card list.
 */
function cardHead({ data: loaded, t, language }: PageHeadArgs<CardLoad>): Partial<PageHead> {
  const tc = (key: string, options?: Record<string, unknown>) =>
    t(key, { ns: 'cards', ...options });
  if (!loaded)
    return { title: tc('detail.missingTitle'), description: tc('detail.missing'), noindex: true };
  const { card, currency } = loaded;
  const format = cardFormat(tc as never, language);
  const name = localize(card.name, language);
  // A plain amount ("$95") needs its word; the other fee phrases ("No annual fee", "waived the first year") say it.
  const fee =
    card.annualFee > 0 && card.firstYearFee === undefined
      ? tc('detail.annualFee', { fee: format.fee(card) })
      : format.fee(card);
  const bonus = format.bonus(card, currency);
  const offer =
    card.welcomeBonus && card.welcomeBonus.amount > 0 ? tc('detail.offer', { bonus }) : bonus;
  const bank = tc(`banks.${card.bank}`);
  return {
    title: name,
    description: tc('detail.metaDescription', {
      name,
      fee,
      offer,
      description: localize(card.description, language),
    }),
    type: 'product',
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t('pages:cardplusSearch.title'), path: '/cardplus/s' },
      { name, path: `/cardplus/c/${card.id}` },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CreditCard',
        name,
        description: localize(card.description, language),
        provider: { '@type': 'BankOrCreditUnion', name: bank },
        feesAndCommissionsSpecification: fee,
        offers: {
          '@type': 'Offer',
          price: card.annualFee,
          priceCurrency: COUNTRY_CURRENCY[card.country],
          description: bonus,
        },
      },
    ],
  };
}

/** One card (/cardplus/c/:id): what it costs and earns, its offer and the offer's history, where its points go. */
function CardDetailPage({ page }: { page: PageDef }) {
  const loaded = useLoaderData() as CardLoad;
  if (!loaded) return <MissingCard page={page} />;
  return <CardDetail {...loaded} page={page} />;
}

export const cardDetailPage = definePage<CardLoad>({
  Component: CardDetailPage,
  loader: loadCard,
  head: cardHead,
});

function MissingCard({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  return (
    <Container size="lg" py="xl" data-page={page.id}>
      <Title order={1}>{t('detail.missingTitle')}</Title>
      <Text mt="sm">{t('detail.missing')}</Text>
      <Button component={Link} to="/cardplus/s" mt="md">
        {t('detail.toList')}
      </Button>
    </Container>
  );
}

function CardDetail({ card, currency, partners, page }: Loaded & { page: PageDef }) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const format = useCardFormat();
  const { requireMember } = useAuth();
  const popup = usePopup();
  const failed = useErrorPopup();
  const { preferences, toggleLiked } = useCardPreferences();
  const compare = useCompareSelection();
  const name = localized(card.name);
  const money = COUNTRY_CURRENCY[card.country];
  const liked = preferences.likedCards.includes(card.id);
  const wallet = useWallet();
  const balance = wallet?.balances.find((entry) => entry.programme === card.earns)?.balance;
  const [added, setAdded] = useState(false);
  const held = added || (wallet?.cards.some((entry) => entry.cardId === card.id) ?? false);

  const addToWallet = async () => {
    try {
      await cardsApi.addCard(card.id, null);
      setAdded(true);
      await popup.show({ title: t('wallet.addedTitle'), message: t('wallet.added', { name }) });
    } catch (error) {
      await failed(error);
    }
  };

  return (
    <Container size="lg" py="xl" data-page="cardplusCardDetail" data-card={card.id}>
      <Stack gap="lg">
        <header>
          <SectionNav page={page} current={name} />
          <Text c="dimmed">{t(`banks.${card.bank}`)}</Text>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {name}
          </Title>
          <Group gap={6} mt="xs">
            <Badge variant="light">{t(`kinds.${card.kind}`)}</Badge>
            {card.business && (
              <Badge variant="light" color="grape">
                {t('types.business')}
              </Badge>
            )}
            <Badge variant="outline" color="gray">
              {t(`networks.${card.network}`)}
            </Badge>
          </Group>
          <Text size="lg" mt="sm" maw={760}>
            {localized(card.description)}
          </Text>
          <Group mt="md" gap="xs">
            <Button
              variant={liked ? 'filled' : 'default'}
              color="pink"
              aria-pressed={liked}
              onClick={() => void toggleLiked(card.id)}
            >
              {liked ? t('like.liked') : t('like.like')}
            </Button>
            <Button
              variant="default"
              onClick={() => compare.toggle(card.id)}
              disabled={!compare.ids.includes(card.id) && compare.ids.length >= MAX_COMPARED}
            >
              {compare.ids.includes(card.id) ? t('compare.remove') : t('compare.add')}
            </Button>
            {compare.ids.length >= 2 && (
              <Button component={Link} to={compareLink(compare.ids)} variant="subtle">
                {t('compare.go')}
              </Button>
            )}
            {held ? (
              <Badge color="teal" variant="light" size="lg">
                {t('wallet.youHold')}
              </Badge>
            ) : (
              <Button
                variant="light"
                onClick={() => requireMember(() => void addToWallet(), { mode: 'login' })}
              >
                {t('wallet.add')}
              </Button>
            )}
            <Button
              component={Link}
              to={`/cardplus/card-renewal-offer/${card.id}`}
              variant="subtle"
              data-testid="renewal-offers-link"
            >
              {t('detail.renewalOffers')}
            </Button>
          </Group>
        </header>

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="card-facts">
              <Title order={2} fz="lg" id="card-facts">
                {t('detail.facts')}
              </Title>
              <Table mt="xs">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">{t('fields.annualFee')}</Table.Th>
                    <Table.Td>{format.fee(card)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('fields.foreignFee')}</Table.Th>
                    <Table.Td>
                      {card.foreignFee === 0
                        ? t('fee.noForeign')
                        : t('rate.percent', { rate: format.number(card.foreignFee, 2) })}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('fields.earns')}</Table.Th>
                    <Table.Td>
                      {card.earns === 'cash'
                        ? t('earns.cash')
                        : currency
                          ? localized(currency.name)
                          : card.earns}
                      {currency && card.earns !== 'cash' && (
                        <Text size="xs" c="dimmed">
                          {t('detail.valuedAt', { cents: format.number(currency.cents, 2) })}
                        </Text>
                      )}
                      {balance !== undefined && (
                        <Text size="xs" data-testid="held-balance">
                          {t('wallet.youHoldPoints', {
                            amount: t(`amount.${format.unit(card, currency)}`, {
                              count: balance,
                              amount: format.number(balance),
                            }),
                          })}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('fields.welcomeBonus')}</Table.Th>
                    <Table.Td data-testid="current-bonus">
                      {format.bonus(card, currency)}
                      {card.welcomeBonus?.extra && (
                        <Text size="xs">{localized(card.welcomeBonus.extra)}</Text>
                      )}
                      {card.welcomeBonus?.until && (
                        <Text size="xs" data-testid="bonus-ends">
                          {t('bonus.endsOn', { date: card.welcomeBonus.until })}
                        </Text>
                      )}
                      {!card.welcomeBonus && card.bonusHistory.at(-1)?.until && (
                        <Text size="xs" c="gray.7" data-testid="bonus-ended">
                          {t('bonus.endedOn', { date: card.bonusHistory.at(-1)?.until })}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {card.credits.length > 0 && (
                    <Table.Tr>
                      <Table.Th scope="row">{t('fields.credits')}</Table.Th>
                      <Table.Td>
                        {card.credits
                          .map(
                            (credit) =>
                              `${localized(credit.name)} (${format.money(credit.value, money)})`,
                          )
                          .join(' · ')}
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {card.anniversaryPoints > 0 && (
                    <Table.Tr>
                      <Table.Th scope="row">{t('fields.anniversary')}</Table.Th>
                      <Table.Td>
                        {t(`amount.${format.unit(card, currency)}`, {
                          count: card.anniversaryPoints,
                          amount: format.number(card.anniversaryPoints),
                        })}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="card-earn">
              <Title order={2} fz="lg" id="card-earn">
                {t('detail.earn')}
              </Title>
              <Table mt="xs" data-testid="earn-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('detail.category')}</Table.Th>
                    <Table.Th>{t('detail.rate')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {card.earn.map((rate, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>
                        {t(`categories.${rate.category}`)}
                        {rate.condition && (
                          <Text size="xs" c="dimmed">
                            {t(`conditions.${rate.condition}`)}
                          </Text>
                        )}
                        {rate.note && (
                          <Text size="xs" c="dimmed">
                            {localized(rate.note)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {format.rate(card, rate, currency)}
                        {rate.cap && (
                          <Text size="xs">
                            {t(`cap.${rate.cap.period}`, {
                              spend: format.money(rate.cap.spend, money),
                            })}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          </Grid.Col>
        </Grid>

        <section aria-labelledby="card-features">
          <Title order={2} fz="lg" id="card-features">
            {t('detail.features')}
          </Title>
          <List mt="xs" spacing={4}>
            {card.features.map((feature, index) => (
              <List.Item key={index}>{localized(feature)}</List.Item>
            ))}
          </List>
        </section>

        <section aria-labelledby="card-history">
          <Title order={2} fz="lg" id="card-history">
            {t('history.title')}
          </Title>
          <BonusHistoryChart card={card} currency={currency} />
        </section>

        <section aria-labelledby="card-partners">
          <Title order={2} fz="lg" id="card-partners">
            {t('detail.partners')}
          </Title>
          {partners.length === 0 ? (
            <Text mt="xs">
              {card.earns === 'cash'
                ? t('detail.cashNoPartners')
                : currency && currency.kind !== 'bank'
                  ? t('detail.earnsDirectly', { programme: localized(currency.name) })
                  : t('detail.noPartners')}
            </Text>
          ) : (
            <Table mt="xs" striped data-testid="partners-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('detail.programme')}</Table.Th>
                  <Table.Th>{t('detail.ratio')}</Table.Th>
                  <Table.Th>{t('detail.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {partners.map((partner) => (
                  <Table.Tr key={partner.programme}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${partner.kind === 'hotel' ? '/hotelslib' : '/rewardslib'}/${partner.programme}`}
                        data-testid="partner-guide"
                      >
                        {localized(partner.name)}
                      </Anchor>{' '}
                      {partner.kind === 'hotel' && (
                        <Badge size="xs" variant="light">
                          {t('detail.hotel')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{`${format.number(partner.ratio.from, 2)} : ${format.number(partner.ratio.to, 2)}`}</Table.Td>
                    <Table.Td>{t(`transferTimes.${partner.time}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {currency?.kind === 'bank' && (
            <Anchor
              component={Link}
              to={`/cardplus/redeem#${card.earns}`}
              size="sm"
              mt="xs"
              display="inline-block"
            >
              {t('detail.howToRedeem')}
            </Anchor>
          )}
        </section>

        <Alert color="gray" variant="light">
          <Text size="sm">
            {t('detail.source', { date: card.asOf })}{' '}
            <Anchor href={card.source} target="_blank" rel="noopener noreferrer">
              {new URL(card.source).hostname}
            </Anchor>
          </Text>
          {card.unverified.length > 0 && <Text size="sm">{t('detail.unverified')}</Text>}
        </Alert>
      </Stack>
    </Container>
  );
}
