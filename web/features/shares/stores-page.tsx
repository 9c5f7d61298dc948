import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import {
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import {
  STORE_CATEGORIES,
  STORE_LIMITS,
  US_CARD_SUPPORT,
  type StoreListQuery,
} from '../../../core/shares/stores.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAsMember, useAuth } from '../auth/index.ts';
import { storeQueryString, storesApi, type StoresAnswer } from './shares-api.ts';
import { StoreForm } from './store-form.tsx';
import { StoreItem, storePath } from './store-parts.tsx';

function queryOf(search: URLSearchParams): StoreListQuery {
  const category = search.get('category');
  const support = search.get('support');
  return {
    ...(search.get('q') ? { q: (search.get('q') as string).slice(0, STORE_LIMITS.search) } : {}),
    ...(category && (STORE_CATEGORIES as readonly string[]).includes(category)
      ? { category: category as StoreListQuery['category'] }
      : {}),
    ...(support && (US_CARD_SUPPORT as readonly string[]).includes(support)
      ? { support: support as StoreListQuery['support'] }
      : {}),
  };
}

async function loadStores({ context, request }: LoaderFunctionArgs) {
  return loaderGet<StoresAnswer>(
    context,
    `/api/stores${storeQueryString(queryOf(new URL(request.url).searchParams))}`,
  );
}

function storesHead({ t, data: loaded, origin }: PageHeadArgs<StoresAnswer>): Partial<PageHead> {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t('pages:cardplusUsCardInTw.title'),
        numberOfItems: loaded.stores.length,
        itemListElement: loaded.stores.slice(0, 50).map((store, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${origin}${storePath(store.slug)}`,
          name: store.name,
        })),
      },
    ],
  };
}

/** The add-store form in a dialog: full screen on a phone, so a member reports at the till in under a minute. */
function AddStoreDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shares');
  const phone = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('stores.addTitle')}
      fullScreen={phone}
      size="lg"
    >
      <StoreForm
        title={t('stores.form.title')}
        initial={null}
        onCancel={onClose}
        onSave={async (input) => {
          const answer = await storesApi.create(input);
          onClose();
          await navigate(storePath(answer.store.slug));
        }}
      />
    </Modal>
  );
}

/** /cardplus/uscard-in-tw: stores members report, searched and filtered, newest update first; add a store. */
function StoresPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const loaded = useLoaderData() as StoresAnswer;
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [view] = useAsMember(loaded, () => storesApi.list(query), storeQueryString(query));
  const { requireMember } = useAuth();
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState(query.q ?? '');
  const change = (name: keyof StoreListQuery, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { preventScrollReset: true });
  };
  return (
    <PageFrame page={page}>
      <Group wrap="wrap">
        <Button onClick={() => requireMember(() => setAdding(true))} data-testid="add-store">
          {t('stores.add')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            change('q', search.trim() || null);
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('stores.search')}
              placeholder={t('stores.searchPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={STORE_LIMITS.search}
              style={{ flex: 1 }}
              miw={200}
              data-testid="store-search"
            />
            <Select
              label={t('stores.form.category')}
              value={query.category ?? null}
              onChange={(value) => change('category', value)}
              data={STORE_CATEGORIES.map((value) => ({
                value,
                label: t(`stores.categories.${value}`),
              }))}
              placeholder={t('stores.anyCategory')}
              clearable
              w={190}
              data-testid="store-category-filter"
            />
            <Select
              label={t('stores.form.support')}
              value={query.support ?? null}
              onChange={(value) => change('support', value)}
              data={US_CARD_SUPPORT.map((value) => ({
                value,
                label: t(`stores.support.${value}`),
              }))}
              placeholder={t('stores.anySupport')}
              clearable
              w={160}
              data-testid="store-support-filter"
            />
            <Button type="submit" variant="light">
              {t('stores.searchButton')}
            </Button>
          </Group>
        </form>
      </Paper>
      <Anchor component={Link} to="/cardplus/uscard-in-tw/7-eleven" data-testid="seven-eleven-link">
        {t('stores.sevenElevenLink')}
      </Anchor>
      <Title order={2} fz="lg">
        {t('stores.count', { count: view.stores.length })}
      </Title>
      {view.stores.length === 0 ? (
        <Text c="dimmed" data-testid="stores-empty">
          {Object.keys(query).length > 0 ? t('stores.noMatch') : t('stores.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="store-list">
          {view.stores.map((store) => (
            <StoreItem key={store.id} store={store} names={view.cardNames} />
          ))}
        </SimpleGrid>
      )}
      <AddStoreDialog opened={adding} onClose={() => setAdding(false)} />
    </PageFrame>
  );
}

export const storesPage = definePage<StoresAnswer>({
  Component: StoresPage,
  loader: loadStores,
  head: storesHead,
});
