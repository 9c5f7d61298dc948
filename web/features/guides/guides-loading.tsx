import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** While a guide's data loads; the browser tests wait for it to go. */
export function GuidesLoading() {
  const { t } = useTranslation('guides');
  return (
    <Group data-testid="guides-loading">
      <Loader size="sm" />
      <Text>{t('loading')}</Text>
    </Group>
  );
}
