import { ActionIcon, Anchor, Badge, Card as Panel, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CardListItem } from '../../../core/cards/card.ts';
import { useCardFormat, useLocalized } from './card-format.ts';
import type { CardData } from './use-card-data.ts';

/**
 * One card in a list: name, bank, type, fee, current offer and its best rates, with like and
 * compare. Memoised: a list of many cards re-draws only the cards whose state changed.
 */
export const CardTile = memo(function CardTile({
  card,
  data,
  liked,
  onLike,
  compared,
  onCompare,
  compareFull,
}: {
  card: CardListItem;
  data: CardData<CardListItem>;
  liked: boolean;
  onLike: (cardId: string) => void;
  compared: boolean;
  onCompare: (cardId: string) => void;
  compareFull: boolean;
}) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const format = useCardFormat();
  const currency = data.currencyById.get(card.earns);
  const best = [...card.earn].sort((a, b) => b.rate - a.rate).slice(0, 3);
  const name = localized(card.name);
  return (
    <Panel withBorder radius="md" padding="md" data-testid="card-tile" data-card={card.id}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" c="dimmed">
              {t(`banks.${card.bank}`)}
            </Text>
            <Title order={3} fz="md">
              <Anchor component={Link} to={`/cardplus/c/${card.id}`}>
                {name}
              </Anchor>
            </Title>
          </div>
          <ActionIcon variant={liked ? 'filled' : 'default'} color="pink" onClick={() => onLike(card.id)} aria-pressed={liked} aria-label={liked ? t('like.remove', { name }) : t('like.add', { name })}>
            <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
          </ActionIcon>
        </Group>
        <Group gap={6}>
          <Badge variant="light">{t(`kinds.${card.kind}`)}</Badge>
          {card.business && <Badge variant="light" color="grape">{t('types.business')}</Badge>}
          <Badge variant="outline" color="gray">{card.country === 'US' ? t('countries.US') : t('countries.TW')}</Badge>
        </Group>
        <Text size="sm">
          <strong>{t('fields.annualFee')}:</strong> {format.fee(card)}
        </Text>
        <Text size="sm">
          <strong>{t('fields.welcomeBonus')}:</strong> {format.bonus(card, currency)}
        </Text>
        <List size="sm" spacing={2}>
          {best.map((rate, index) => (
            <List.Item key={index}>
              {format.rate(card, rate, currency)} · {t(`categories.${rate.category}`)}
              {rate.condition ? ` (${t(`conditions.${rate.condition}`)})` : ''}
            </List.Item>
          ))}
        </List>
        <Checkbox mt="auto" label={t('compare.add')} checked={compared} disabled={!compared && compareFull} onChange={() => onCompare(card.id)} />
      </Stack>
    </Panel>
  );
});
