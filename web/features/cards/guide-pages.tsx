import {
  Alert,
  Anchor,
  Badge,
  Card as Panel,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import { CARD_BANKS } from '../../../core/cards/card.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useCardFormat, useLocalized } from './card-format.ts';
import { useCardData, type CardData } from './use-card-data.ts';

const TOOLS = [
  { to: '/cardplus/s', key: 'list' },
  { to: '/cardplus/finder', key: 'finder' },
  { to: '/cardplus/compare', key: 'compare' },
  { to: '/cardplus/advisor', key: 'advisor' },
  { to: '/cardplus/compare/rewards-credit-cards-tw', key: 'compareTw' },
  { to: '/cardplus/redeem', key: 'redeem' },
  { to: '/cardplus/high-yield-account', key: 'highYield' },
  { to: '/cardplus/card-renewal-offer', key: 'renewal' },
  { to: '/cardplus/uscard-in-tw', key: 'usCardInTw' },
  { to: '/profilepage/points', key: 'wallet' },
] as const;

/** /cardplus and /card: what CardPlus offers, then the newest offers. */
export function CardPlusHomePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  return (
    <PageFrame page={page}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" data-testid="cardplus-tools">
        {TOOLS.map((tool) => (
          <Panel key={tool.key} withBorder radius="md" padding="md" component={Link} to={tool.to}>
            <Text fw={600}>{t(`tools.${tool.key}.title`)}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`tools.${tool.key}.text`)}
            </Text>
          </Panel>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}

/** /cardplus/allcards: every card, by bank. */
export function AllCardsPage({ page }: { page: PageDef }) {
  const data = useCardData();
  return (
    <PageFrame page={page}>
      <CardsByBank data={data} />
    </PageFrame>
  );
}

function CardsByBank({ data }: { data: CardData }) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const format = useCardFormat();
  const banks = CARD_BANKS.filter((bank) => data.cards.some((card) => card.bank === bank));
  return (
    <Stack gap="lg">
      <Text data-testid="all-cards-count">{t('list.count', { count: data.cards.length })}</Text>
      {banks.map((bank) => (
        <section key={bank} aria-labelledby={`bank-${bank}`}>
          <Title order={2} fz="lg" id={`bank-${bank}`}>
            {t(`banks.${bank}`)}
          </Title>
          <Table mt="xs" striped>
            <Table.Tbody>
              {data.cards
                .filter((card) => card.bank === bank)
                .map((card) => (
                  <Table.Tr key={card.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/cardplus/c/${card.id}`}>
                        {localized(card.name)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`kinds.${card.kind}`)}</Table.Td>
                    <Table.Td>{format.fee(card)}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </section>
      ))}
    </Stack>
  );
}

/** /cardplus/high-yield-account: savings accounts with their rates and the date of each rate. */
export function HighYieldPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  const data = useCardData();
  const localized = useLocalized();
  const format = useCardFormat();
  return (
    <PageFrame page={page}>
      <Stack gap="lg">
        <Alert color="yellow">{t('savings.changeOften')}</Alert>
        {(['US', 'TW'] as const).map((country) => (
          <section key={country} aria-labelledby={`savings-${country}`}>
            <Title order={2} fz="lg" id={`savings-${country}`}>
              {t(`savings.${country}`)}
            </Title>
            <Table.ScrollContainer minWidth={640}>
              <Table mt="xs" striped data-testid={`savings-${country}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('savings.account')}</Table.Th>
                    <Table.Th>{t('savings.apy')}</Table.Th>
                    <Table.Th>{t('savings.cap')}</Table.Th>
                    <Table.Th>{t('savings.minimum')}</Table.Th>
                    <Table.Th>{t('savings.asOf')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.savingsAccounts
                    .filter((account) => account.country === country)
                    .sort((a, b) => b.apy - a.apy)
                    .map((account) => {
                      const money = country === 'US' ? 'USD' : 'TWD';
                      return (
                        <Table.Tr key={account.id}>
                          <Table.Td>
                            <Anchor href={account.source} target="_blank" rel="noopener noreferrer">
                              {localized(account.name)}
                            </Anchor>
                            {account.note && (
                              <Text size="xs" c="dimmed">
                                {localized(account.note)}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {t('rate.percent', { rate: format.number(account.apy, 2) })}
                          </Table.Td>
                          <Table.Td>
                            {account.rateCap
                              ? format.money(account.rateCap, money)
                              : t('savings.noCap')}
                          </Table.Td>
                          <Table.Td>{format.money(account.minimumDeposit, money)}</Table.Td>
                          <Table.Td>{account.asOf}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </section>
        ))}
      </Stack>
    </PageFrame>
  );
}

/** /cardplus/redeem: how to redeem each card currency, best way first. */
export function RedeemPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  const data = useCardData();
  const localized = useLocalized();
  const format = useCardFormat();
  const banks = data.currencies.filter((currency) => currency.kind === 'bank') ?? [];
  return (
    <PageFrame page={page}>
      <Stack gap="lg">
        {banks.map((currency) => (
          <section key={currency.id} id={currency.id} aria-labelledby={`redeem-${currency.id}`}>
            <Group gap="xs">
              <Title order={2} fz="lg" id={`redeem-${currency.id}`}>
                {localized(currency.name)}
              </Title>
              <Badge variant="light">
                {t(`countries.${currency.country === 'TW' ? 'TW' : 'US'}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('detail.valuedAt', { cents: format.number(currency.cents, 2) })} ·{' '}
              {t('redeem.cards', {
                count: data.cards.filter((card) => card.earns === currency.id).length,
              })}
            </Text>
            <List mt="xs" spacing={4}>
              {currency.redeem.map((option, index) => (
                <List.Item key={index}>
                  <strong>{t(`redeemWays.${option.way}`)}</strong>
                  {option.centsPerPoint
                    ? ` (${t('redeem.centsPerPoint', { cents: format.number(option.centsPerPoint, 2) })})`
                    : ''}
                  : {localized(option.note)}
                </List.Item>
              ))}
            </List>
            {currency.transfers.length > 0 && (
              <Text size="sm" mt={4}>
                {t('redeem.partners', { count: currency.transfers.length })}
              </Text>
            )}
          </section>
        ))}
      </Stack>
    </PageFrame>
  );
}
