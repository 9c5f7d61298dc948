import {
  Autocomplete,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RenewalCard } from '../../../core/shares/renewal-offers.ts';
import {
  CARD_NETWORKS_TRIED,
  CARD_RESULTS,
  ENTRY_MODES,
  STORE_LIMITS,
  type StoreCard,
} from '../../../core/shares/stores.ts';
import { RequiredMark } from '../../components/field-group.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { useShareFormat } from './share-format.ts';
import { renewalApi } from './shares-api.ts';

export const emptyCard = (): StoreCard => ({
  cardId: null,
  cardName: '',
  network: 'visa',
  entry: 'contactless',
  result: 'approved',
  acquirer: '',
  note: '',
});

export type Problem = {
  field: string;
  problem: string;
  taken?: { slug: string | null; name: string; mine: boolean };
};

/** The US cards of our catalogue, named in the page's language, for the card field's suggestions. */
function useCardNames(): RenewalCard[] {
  const [cards, setCards] = useState<RenewalCard[]>([]);
  useEffect(() => {
    renewalApi
      .overview()
      .then((overview) => setCards(overview.catalogue.filter((card) => card.country === 'US')))
      .catch(() => setCards([]));
  }, []);
  return cards;
}

/** The lines of cards tried: which card, its network, how it was presented, what happened, the acquirer and a note. */
export function CardLines({
  cards,
  onChange,
  problem,
}: {
  cards: StoreCard[];
  onChange: (cards: StoreCard[]) => void;
  problem: Problem | null;
}) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  const catalogue = useCardNames();
  const names = catalogue.map((card) => format.text(card.name));
  const setLine = (index: number, change: Partial<StoreCard>) =>
    onChange(cards.map((card, at) => (at === index ? { ...card, ...change } : card)));
  const cardsError =
    problem && problem.field === 'cards' ? t(`stores.problems.${problem.problem}`) : null;
  return (
    <Stack gap="sm" data-problem={cardsError ? 'true' : undefined}>
      <Text fw={600} size="sm">
        {t('stores.form.cards')}
        <RequiredMark />
      </Text>
      <Text size="xs" c="dimmed">
        {t('stores.form.cardsHint')}
      </Text>
      {cards.map((card, index) => {
        const named = card.cardId
          ? (catalogue.find((entry) => entry.id === card.cardId) ?? null)
          : null;
        const nameError =
          problem?.field === `cards.${index}.cardName`
            ? t(`stores.problems.${problem.problem}`)
            : undefined;
        return (
          <Paper key={index} withBorder radius="sm" p="sm" data-testid="card-line">
            <Stack gap="xs">
              <Group align="flex-start" wrap="nowrap">
                <Autocomplete
                  label={t('stores.form.card')}
                  placeholder={t('stores.form.cardPlaceholder')}
                  data={names}
                  value={named ? format.text(named.name) : card.cardName}
                  onChange={(value) => {
                    const match = catalogue.find((entry) => format.text(entry.name) === value);
                    setLine(
                      index,
                      match
                        ? { cardId: match.id, cardName: '' }
                        : { cardId: null, cardName: value },
                    );
                  }}
                  maxLength={STORE_LIMITS.cardName}
                  error={nameError}
                  style={{ flex: 1 }}
                  data-testid="card-name"
                />
                {cards.length > 1 && (
                  <CloseButton
                    aria-label={t('stores.form.removeCard')}
                    onClick={() => onChange(cards.filter((_, at) => at !== index))}
                    mt={26}
                  />
                )}
              </Group>
              <Group grow wrap="wrap" align="flex-start">
                <Select
                  label={t('stores.form.network')}
                  value={card.network}
                  onChange={(value) =>
                    value && setLine(index, { network: value as StoreCard['network'] })
                  }
                  data={CARD_NETWORKS_TRIED.map((value) => ({
                    value,
                    label: t(`stores.networks.${value}`),
                  }))}
                  allowDeselect={false}
                  miw={130}
                />
                <Select
                  label={t('stores.form.entry')}
                  value={card.entry}
                  onChange={(value) =>
                    value && setLine(index, { entry: value as StoreCard['entry'] })
                  }
                  data={ENTRY_MODES.map((value) => ({
                    value,
                    label: t(`stores.entries.${value}`),
                  }))}
                  allowDeselect={false}
                  miw={130}
                />
                <Select
                  label={t('stores.form.result')}
                  value={card.result}
                  onChange={(value) =>
                    value && setLine(index, { result: value as StoreCard['result'] })
                  }
                  data={CARD_RESULTS.map((value) => ({
                    value,
                    label: t(`stores.results.${value}`),
                  }))}
                  allowDeselect={false}
                  miw={130}
                  data-testid="card-result"
                />
              </Group>
              <Group grow wrap="wrap" align="flex-start">
                <TextInput
                  label={t('stores.form.acquirer')}
                  description={t('stores.form.acquirerHint')}
                  value={card.acquirer}
                  onChange={(event) => setLine(index, { acquirer: event.currentTarget.value })}
                  maxLength={STORE_LIMITS.acquirer}
                  miw={180}
                />
                <TextInput
                  label={t('stores.form.cardNote')}
                  value={card.note}
                  onChange={(event) => setLine(index, { note: event.currentTarget.value })}
                  maxLength={STORE_LIMITS.note}
                  miw={180}
                />
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {cardsError && (
        <Text c="red" size="sm" role="alert" data-testid="cards-error">
          {cardsError}
        </Text>
      )}
      {cards.length < STORE_LIMITS.cards && (
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => onChange([...cards, emptyCard()])}
          style={{ alignSelf: 'flex-start' }}
          data-testid="add-card-line"
        >
          {t('stores.form.addCard')}
        </Button>
      )}
    </Stack>
  );
}
