import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { useAsMember, useAuth } from '../auth/index.ts';
import { storesApi, type StoresAnswer } from './shares-api.ts';
import { StoreItem } from './store-parts.tsx';

import { LIST_PATH } from './store-parts.tsx';

/** /collections/store: the stores a member keeps, the latest kept first. */
export function SavedStoresPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const { member } = useAuth();
  const [view] = useAsMember<StoresAnswer | null>(null, () => storesApi.saved(), 'saved');
  return (
    <PageFrame page={page}>
      {!member || !view ? null : view.stores.length === 0 ? (
        <Stack gap="xs" data-testid="saved-empty">
          <Text c="dimmed">{t('stores.savedNone')}</Text>
          <Anchor component={Link} to={LIST_PATH}>
            {t('stores.browse')}
          </Anchor>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="saved-stores">
          {view.stores.map((store) => (
            <StoreItem key={store.id} store={store} names={view.cardNames} />
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
