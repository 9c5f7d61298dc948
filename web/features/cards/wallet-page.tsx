import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import type { Wallet } from '../../../core/cards/catalogue.ts';
import { LIMITS } from '../../../core/limits.ts';
import { isCalendarMonth } from '../../../core/dated.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { useCardFormat, useLocalized } from './card-format.ts';
import { cardsApi } from './cards-api.ts';
import { CardsLoading } from './cards-loading.tsx';
import { useCardData, type CardData } from './use-card-data.ts';

/**
 * The wallet in /profilepage/points (docs/product/cards.md#wallet): credit cards held and balances
 * of miles and points, with its limits of 10 cards and 6 programmes said before they are hit.
 */
export function WalletPage({ page }: { page: PageDef }) {
  const { member } = useAuth();
  const data = useCardData();
  const failed = useErrorPopup();
  const [wallet, setWallet] = useState<Wallet | null>(null);
  useEffect(() => {
    if (!member) return;
    cardsApi.wallet().then(setWallet).catch(failed);
  }, [member, failed]);
  return (
    <PageFrame page={page}>
      {member && wallet ? (
        <WalletEditor data={data} wallet={wallet} onChange={setWallet} />
      ) : (
        <CardsLoading />
      )}
    </PageFrame>
  );
}

function WalletEditor({
  data,
  wallet,
  onChange,
}: {
  data: CardData;
  wallet: Wallet;
  onChange: (wallet: Wallet) => void;
}) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const format = useCardFormat();
  const failed = useErrorPopup();
  const [cardId, setCardId] = useState<string | null>(null);
  const [since, setSince] = useState('');
  const [sinceError, setSinceError] = useState<string | null>(null);
  const [programme, setProgramme] = useState<string | null>(null);
  const [balance, setBalance] = useState<number | ''>('');
  const [balanceError, setBalanceError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<Wallet>) => {
    setBusy(true);
    try {
      onChange(await action());
      return true;
    } catch (error) {
      await failed(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const cardsFull = wallet.cards.length >= LIMITS.wallet.maxCards;
  const programmesFull = wallet.balances.length >= LIMITS.wallet.maxProgrammes;
  const held = new Set(wallet.cards.map((entry) => entry.cardId));
  const kept = new Set(wallet.balances.map((entry) => entry.programme));
  const programmeLabel = (id: string) =>
    localized(data.programmeName(id) ?? { en: id, 'zh-Hant': id, 'zh-Hans': id });

  const addCard = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!cardId) return;
    if (since && !isCalendarMonth(since)) {
      setSinceError(t('wallet.sinceFormat'));
      return;
    }
    if (await run(() => cardsApi.addCard(cardId, since || null))) {
      setCardId(null);
      setSince('');
    }
  };

  const saveBalance = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!programme) return;
    if (balance === '' || !Number.isInteger(balance) || balance < 0) {
      setBalanceError(t('wallet.balanceFormat'));
      return;
    }
    if (await run(() => cardsApi.setBalance(programme, balance))) {
      setProgramme(null);
      setBalance('');
    }
  };

  return (
    <Stack gap="lg">
      <WalletSection
        id="wallet-cards"
        title={t('wallet.cardsTitle')}
        count={t('wallet.count', { count: wallet.cards.length, max: LIMITS.wallet.maxCards })}
        empty={wallet.cards.length === 0 ? t('wallet.noCards') : null}
      >
        {wallet.cards.length > 0 && (
          <Table mt="xs" data-testid="wallet-cards-table">
            <Table.Tbody>
              {wallet.cards.map((entry) => {
                const card = data.byId.get(entry.cardId);
                const name = card ? localized(card.name) : entry.cardId;
                return (
                  <Table.Tr key={entry.cardId}>
                    <Table.Td>
                      {card ? (
                        <Anchor component={Link} to={`/cardplus/c/${card.id}`}>
                          {name}
                        </Anchor>
                      ) : (
                        name
                      )}
                    </Table.Td>
                    <Table.Td>
                      {entry.since ? t('wallet.since', { month: entry.since }) : ''}
                    </Table.Td>
                    <Table.Td>{card ? format.fee(card) : ''}</Table.Td>
                    <Table.Td w={40}>
                      <CloseButton
                        aria-label={t('wallet.removeCard', { name })}
                        onClick={() => void run(() => cardsApi.removeCard(entry.cardId))}
                        disabled={busy}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {cardsFull ? (
          <Alert color="yellow" mt="sm" data-testid="wallet-cards-full">
            {t('wallet.cardsFull', { max: LIMITS.wallet.maxCards })}
          </Alert>
        ) : (
          <form onSubmit={(event) => void addCard(event)} noValidate>
            <Group mt="sm" align="flex-end">
              <Select
                label={t('wallet.addCardLabel')}
                placeholder={t('wallet.addCardPlaceholder')}
                data={data.cards
                  .filter((card) => !held.has(card.id))
                  .map((card) => ({
                    value: card.id,
                    label: `${localized(card.name)} · ${t(`banks.${card.bank}`)}`,
                  }))}
                value={cardId}
                onChange={setCardId}
                searchable
                w={340}
              />
              <TextInput
                label={t('wallet.sinceLabel')}
                placeholder="2024-05"
                value={since}
                onChange={(event) => (
                  setSince(event.currentTarget.value.trim()),
                  setSinceError(null)
                )}
                error={sinceError}
                w={140}
              />
              <Button type="submit" disabled={!cardId} loading={busy}>
                {t('wallet.addCard')}
              </Button>
            </Group>
          </form>
        )}
      </WalletSection>

      <WalletSection
        id="wallet-balances"
        title={t('wallet.balancesTitle')}
        count={t('wallet.count', {
          count: wallet.balances.length,
          max: LIMITS.wallet.maxProgrammes,
        })}
        empty={wallet.balances.length === 0 ? t('wallet.noBalances') : null}
      >
        {wallet.balances.length > 0 && (
          <Table mt="xs" data-testid="wallet-balances-table">
            <Table.Tbody>
              {wallet.balances.map((entry) => (
                <Table.Tr key={entry.programme}>
                  <Table.Td>{programmeLabel(entry.programme)}</Table.Td>
                  <Table.Td ta="right">{format.number(entry.balance)}</Table.Td>
                  <Table.Td w={40}>
                    <CloseButton
                      aria-label={t('wallet.removeBalance', {
                        name: programmeLabel(entry.programme),
                      })}
                      onClick={() => void run(() => cardsApi.removeBalance(entry.programme))}
                      disabled={busy}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={(event) => void saveBalance(event)} noValidate>
          <Group mt="sm" align="flex-end">
            <Select
              label={t('wallet.programmeLabel')}
              placeholder={t('wallet.programmePlaceholder')}
              // At the limit only programmes already kept can be changed.
              data={data.currencies
                .filter((currency) => !programmesFull || kept.has(currency.id))
                .map((currency) => ({ value: currency.id, label: localized(currency.name) }))}
              value={programme}
              onChange={setProgramme}
              searchable
              w={340}
            />
            <NumberInput
              label={t('wallet.balanceLabel')}
              value={balance}
              onChange={(value) => (
                setBalance(typeof value === 'number' ? value : ''),
                setBalanceError(null)
              )}
              min={0}
              allowNegative={false}
              allowDecimal={false}
              thousandSeparator=","
              error={balanceError}
              w={180}
            />
            <Button type="submit" disabled={!programme} loading={busy}>
              {t('wallet.saveBalance')}
            </Button>
          </Group>
        </form>
        {programmesFull && (
          <Alert color="yellow" mt="sm" data-testid="wallet-programmes-full">
            {t('wallet.programmesFull', { max: LIMITS.wallet.maxProgrammes })}
          </Alert>
        )}
      </WalletSection>
    </Stack>
  );
}

/** A part of the wallet: its title, how full it is, and a line when it is empty. */
function WalletSection({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Group justify="space-between">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        <Text size="sm" data-testid={`${id}-count`}>
          {count}
        </Text>
      </Group>
      {empty && (
        <Text size="sm" mt="xs">
          {empty}
        </Text>
      )}
      {children}
    </Paper>
  );
}
