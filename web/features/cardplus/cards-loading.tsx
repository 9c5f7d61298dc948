import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** While the catalogue loads. */
export function CardsLoading() {
  const { t } = useTranslation('cards');
  return (
    <Group data-testid="cards-loading">
      <Loader size="sm" />
      <Text>{t('loading')}</Text>
    </Group>
  );
}
