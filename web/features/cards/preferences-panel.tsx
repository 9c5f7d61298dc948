import { Accordion, Anchor, Group, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import type { CardPreferences } from '../../../core/cards/catalogue.ts';
import type { CardBank, CardListItem } from '../../../core/cards/card.ts';
import { useAuth } from '../auth/index.ts';
import { useLocalized } from './card-format.ts';
import type { CardData } from './use-card-data.ts';

/** Card-holder preferences (docs/product/cards.md#card-preferences): liked cards, ignored banks, whether business cards are promoted. */
export function PreferencesPanel({
  data,
  preferences,
  save,
}: {
  data: CardData<CardListItem>;
  preferences: CardPreferences;
  save: (next: CardPreferences) => Promise<void>;
}) {
  const { t } = useTranslation('cards');
  const { member } = useAuth();
  const localized = useLocalized();
  const banks = [...new Set(data.cards.map((card) => card.bank))];
  const liked = preferences.likedCards.flatMap((id) => data.byId.get(id) ?? []);
  return (
    <Accordion variant="contained" keepMounted={false} data-testid="card-preferences">
      <Accordion.Item value="preferences">
        <Accordion.Control>{t('preferences.title')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {member ? t('preferences.savedForMember') : t('preferences.savedOnDevice')}
            </Text>
            <MultiSelect
              label={t('preferences.ignoredBanks')}
              description={t('preferences.ignoredBanksHelp')}
              data={banks.map((bank) => ({ value: bank, label: t(`banks.${bank}`) }))}
              value={preferences.ignoredBanks}
              onChange={(value) => void save({ ...preferences, ignoredBanks: value as CardBank[] })}
              searchable
              clearable
            />
            <Switch
              label={t('preferences.promoteBusiness')}
              description={t('preferences.promoteBusinessHelp')}
              checked={preferences.promoteBusiness}
              onChange={(event) =>
                void save({ ...preferences, promoteBusiness: event.currentTarget.checked })
              }
            />
            <div>
              <Text size="sm" fw={500}>
                {t('preferences.liked', { count: liked.length })}
              </Text>
              {liked.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('preferences.likedNone')}
                </Text>
              ) : (
                <Group gap="xs">
                  {liked.map((card) => (
                    <Anchor key={card.id} component={Link} to={`/cardplus/c/${card.id}`} size="sm">
                      {localized(card.name)}
                    </Anchor>
                  ))}
                </Group>
              )}
            </div>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
