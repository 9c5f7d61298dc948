import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { EmbedView } from '../../../core/articles/articles.ts';
import { localize } from '../../../core/cards/card.ts';
import { formatMoney } from '../../../core/payments/money.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useArticleFormat } from './article-parts.tsx';

/**
 * Our objects inside an article (docs/articles.md#embeds), with the data as it is today: a card's
 * fee and welcome offer, a programme's owner and alliance, each linking to its own page.
 */
export function EmbedBox({ embed }: { embed: EmbedView }) {
  const { t } = useTranslation('articles');
  const format = useArticleFormat();
  const language = format.language;
  if (embed.kind === 'missing')
    return (
      <Paper withBorder radius="md" p="md" my="lg" data-testid="embed-missing">
        <Text c="gray.7">{t('embed.missing')}</Text>
      </Paper>
    );
  if (embed.kind === 'card') {
    const money = (value: number) =>
      formatMoney(value, embed.currency, language, { wholeWithoutCents: true });
    const bonus = embed.welcomeBonus;
    return (
      <Paper
        withBorder
        radius="md"
        p="md"
        my="lg"
        data-testid="embed-card"
        component="aside"
        aria-label={t('embed.cardLabel')}
      >
        <Stack gap={6}>
          <Group gap="xs">
            <Badge variant="light">{t('embed.card')}</Badge>
            <Text fw={700}>{localize(embed.name, language)}</Text>
          </Group>
          <Text size="sm">
            {t('embed.annualFee', { fee: money(embed.annualFee) })}
            {embed.firstYearFee !== null && embed.firstYearFee !== embed.annualFee
              ? ` · ${t('embed.firstYearFee', { fee: money(embed.firstYearFee) })}`
              : ''}
          </Text>
          {bonus && (
            <Text size="sm" data-testid="embed-card-bonus">
              {bonus.spend > 0
                ? t('embed.bonusWithSpend', {
                    amount: format.count(bonus.amount),
                    spend: money(bonus.spend),
                    count: bonus.months,
                  })
                : t('embed.bonus', { amount: format.count(bonus.amount) })}
            </Text>
          )}
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="gray.7">
              {t('embed.asOf', { date: format.day(`${embed.asOf}T00:00:00Z`) })}
            </Text>
            <Anchor component={Link} to={`/cardplus/c/${embed.id}`} size="sm">
              {t('embed.openCard')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    );
  }
  const { programme } = embed;
  const path =
    programme.kind === 'hotel' ? `/hotelslib/${programme.id}` : `/rewardslib/${programme.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      my="lg"
      data-testid="embed-programme"
      component="aside"
      aria-label={t('embed.programmeLabel')}
    >
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light" color="grape">
            {t(`embed.${programme.kind}`)}
          </Badge>
          <Text fw={700}>{localize(programme.name, language)}</Text>
        </Group>
        {programme.owner && (
          <Text size="sm">
            {t('embed.runBy', { owner: localize(programme.owner.name, language) })}
          </Text>
        )}
        {programme.alliance && (
          <Text size="sm">
            {t('embed.alliance', { alliance: t(`embed.alliances.${programme.alliance}`) })}
          </Text>
        )}
        <Anchor component={Link} to={path} size="sm">
          {t('embed.openProgramme')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
