import { Alert, Anchor, Card as Panel, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Card } from '../../../core/cards/card.ts';
import { CARD_GOALS, cardsForGoal } from '../../../core/cards/collections.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useCardFormat, useLocalized } from './card-format.ts';
import { CardsLoading } from './cards-loading.tsx';
import { useCardData } from './use-card-data.ts';
import { useCardPreferences } from './use-card-preferences.ts';

/** One card as a collection lists it: bank, name (to its page), fee and welcome offer. */
function CardEntry({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  const data = useCardData();
  const localized = useLocalized();
  const format = useCardFormat();
  return (
    <Panel withBorder radius="md" padding="md" data-testid="collection-card" data-card={card.id}>
      <Text size="sm" c="dimmed">
        {t(`banks.${card.bank}`)}
      </Text>
      <Anchor component={Link} to={`/cardplus/c/${card.id}`} fw={600}>
        {localized(card.name)}
      </Anchor>
      <Text size="sm" mt={4}>
        {format.fee(card)} · {format.bonus(card, data.currencyById.get(card.earns))}
      </Text>
    </Panel>
  );
}

/** The cards the member (or visitor) liked, kept on this browser or with their account. */
function LikedCards() {
  const { t } = useTranslation('cards');
  const data = useCardData();
  const { preferences, ready } = useCardPreferences();
  const liked = preferences.likedCards.flatMap((id) => data.byId.get(id) ?? []);
  if (!ready) return <CardsLoading />;
  if (liked.length === 0)
    return (
      <Alert color="gray" title={t('collection.emptyTitle')}>
        {t('collection.empty')}{' '}
        <Anchor component={Link} to="/cardplus/s" c="inherit" underline="always" fw={600}>
          {t('compare.browse')}
        </Anchor>
      </Alert>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="liked-cards">
      {liked.map((card) => (
        <CardEntry key={card.id} card={card} />
      ))}
    </SimpleGrid>
  );
}

/**
 * /collections/cc: the cards liked, then the curated lists by goal (first card, airline miles,
 * hotel points, no annual fee), each saying the rule it follows (core/cards/collections.ts).
 */
export function CardCollectionsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  const data = useCardData();
  return (
    <PageFrame page={page}>
      <Stack gap="xl">
        <section aria-labelledby="liked-title">
          <Title order={2} fz="lg" id="liked-title" mb="sm">
            {t('collection.likedTitle')}
          </Title>
          <LikedCards />
        </section>
        {CARD_GOALS.map((goal) => {
          const cards = cardsForGoal(data.cards, goal);
          return (
            <section
              key={goal}
              id={goal}
              aria-labelledby={`goal-${goal}`}
              data-testid="card-goal"
              data-goal={goal}
            >
              <Title order={2} fz="lg" id={`goal-${goal}`}>
                {t(`collection.goals.${goal}.title`)}
              </Title>
              <Text size="sm" c="dimmed" mt={4} mb="sm">
                {t(`collection.goals.${goal}.rule`)}{' '}
                {t('collection.count', { count: cards.length })}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {cards.map((card) => (
                  <CardEntry key={card.id} card={card} />
                ))}
              </SimpleGrid>
            </section>
          );
        })}
      </Stack>
    </PageFrame>
  );
}

/** /collections: the member's collections (liked cards, saved stores) and the lists by goal. */
export function CollectionsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('cards');
  const { preferences, ready } = useCardPreferences();
  const liked = preferences.likedCards.length;
  const entries = [
    {
      to: '/collections/cc',
      title: t('collection.likedTitle'),
      text: ready ? t('collection.likedCount', { count: liked }) : '',
      id: 'liked',
    },
    {
      to: '/collections/store',
      title: t('collection.storesTitle'),
      text: t('collection.storesText'),
      id: 'stores',
    },
    ...CARD_GOALS.map((goal) => ({
      to: `/collections/cc#${goal}`,
      title: t(`collection.goals.${goal}.title`),
      text: t(`collection.goals.${goal}.rule`),
      id: goal,
    })),
  ];
  return (
    <PageFrame page={page}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="collections">
        {entries.map((entry) => (
          <Panel
            key={entry.id}
            withBorder
            radius="md"
            padding="md"
            component={Link}
            to={entry.to}
            data-testid={`collection-${entry.id}`}
          >
            <Text fw={600}>{entry.title}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {entry.text}
            </Text>
          </Panel>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
