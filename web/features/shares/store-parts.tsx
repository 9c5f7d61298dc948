import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LocalizedText } from '../../../core/cards/card.ts';
import type { StoreCardView, StoreView, UsCardSupport } from '../../../core/shares/stores.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useShareFormat } from './share-format.ts';
import { SampleBadge } from '../../components/record-actions.tsx';

/** The list of stores; a record's address is under it. */
export const LIST_PATH = '/cardplus/uscard-in-tw';
export const storePath = (slug: string) => `${LIST_PATH}/${slug}`;

// Filled and dark enough for text contrast (WCAG AA) on white and on the badge itself.
const SUPPORT_COLOUR: Record<UsCardSupport, string> = {
  support: 'teal.9',
  'not-support': 'red.9',
  unknown: 'gray.7',
};

export function SupportBadge({ support }: { support: UsCardSupport }) {
  const { t } = useTranslation('shares');
  return (
    <Badge color={SUPPORT_COLOUR[support]} variant="filled" data-testid="support-badge">
      {t(`stores.support.${support}`)}
    </Badge>
  );
}

/** One card tried: "Visa · contactless · approved", the card's name, acquirer and note. */
export function CardLine({
  card,
  names,
}: {
  card: StoreCardView;
  names: Record<string, LocalizedText>;
}) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  const known = card.cardId ? names[card.cardId] : undefined;
  const name = known ? format.text(known) : card.cardName;
  return (
    <Stack gap={2}>
      <Text size="sm">
        <Text span fw={600}>
          {name || t(`stores.networks.${card.network}`)}
        </Text>
        {` · ${t(`stores.networks.${card.network}`)} · ${t(`stores.entries.${card.entry}`)} · `}
        <Text span c={card.result === 'approved' ? 'teal.9' : 'red.9'} fw={600}>
          {t(`stores.results.${card.result}`)}
        </Text>
      </Text>
      {(card.acquirer || card.note) && (
        <Text size="xs" c="dimmed">
          {[
            card.acquirer && t('stores.acquirerIs', { acquirer: card.acquirer }),
            card.noteTranslated ? format.text(card.noteTranslated) : card.note,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** A store in a list: its name, what members say, category, and the latest update. */
export function StoreItem({
  store,
  names,
}: {
  store: StoreView;
  names: Record<string, LocalizedText>;
}) {
  const { t } = useTranslation('shares');
  const format = useShareFormat();
  return (
    <Card
      withBorder
      radius="md"
      component={Link}
      to={storePath(store.slug)}
      data-testid="store-item"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>{store.name}</Text>
          <SupportBadge support={store.usCardSupport} />
        </Group>
        <Group gap={6}>
          <Badge variant="outline" color="blue.9" size="sm">
            {t(`stores.categories.${store.category}`)}
          </Badge>
          <Badge variant="outline" color="gray.8" size="sm">
            {t(`stores.types.${store.type}`)}
          </Badge>
          <SampleBadge sample={store.sample} />
        </Group>
        {store.cards.slice(0, 2).map((card) => (
          <CardLine key={card.id} card={card} names={names} />
        ))}
        <Text size="xs" c="dimmed">
          {t('stores.updated', { day: format.day(store.updatedAt), count: store.cards.length })}
        </Text>
      </Stack>
    </Card>
  );
}
