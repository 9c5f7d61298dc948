import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import {
  data,
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
  type StoreInput,
  type StoreListQuery,
} from '../../../core/shares/stores.ts';
import type { PageDef } from '../../app/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { usePopup } from '../../components/message-popup.tsx';
import { loaderFind, loaderGet } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { useShareFormat } from './share-format.ts';
import {
  CopyLinkButton,
  EditHistory,
  RecordFrame,
  ReportThisButton,
  SampleBadge,
  useAsMember,
} from './share-parts.tsx';
import { storeQueryString, storesApi, type StoreAnswer, type StoresAnswer } from './shares-api.ts';
import { MyCardsForm, StoreForm } from './store-form.tsx';
import { CardLine, StoreItem, SupportBadge, storePath } from './store-parts.tsx';

const LIST_PATH = '/cardplus/uscard-in-tw';

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
  const { member, openLogin } = useAuth();
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
        <Button onClick={() => (member ? setAdding(true) : openLogin())} data-testid="add-store">
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

async function loadStore({ context, params }: LoaderFunctionArgs) {
  const loaded = await loaderFind<StoreAnswer>(
    context,
    `/api/stores/${encodeURIComponent(params.store ?? '')}`,
  );
  return loaded ?? data<StoreAnswer | null>(null, { status: 404 });
}

function storeHead({
  data: loaded,
  t,
  page,
  origin,
}: PageHeadArgs<StoreAnswer | null>): Partial<PageHead> {
  if (!loaded)
    return {
      title: t(`pages:${page.id}.title`),
      description: t('shares:stores.unknown'),
      noindex: true,
    };
  const { store } = loaded;
  // Sample records are not for search engines (docs/shares.md#sample-data).
  const sample = store.sample ? { noindex: true } : {};
  const description = t('shares:stores.headDescription', {
    name: store.name,
    support: t(`shares:stores.support.${store.usCardSupport}`),
    count: store.cards.length,
  });
  return {
    ...sample,
    title: store.name,
    description,
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t('pages:cardplusUsCardInTw.title'), path: LIST_PATH },
      { name: store.name, path: storePath(store.slug) },
    ],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': store.type === 'online' ? 'OnlineStore' : 'Store',
        name: store.name,
        url: `${origin}${storePath(store.slug)}`,
        paymentAccepted: store.paymentMethods
          .map((method) => t(`shares:stores.payments.${method}`))
          .join(', '),
        description,
        ...(store.type === 'physical'
          ? { address: { '@type': 'PostalAddress', addressCountry: 'TW' } }
          : {}),
      },
    ],
  };
}

/** /cardplus/uscard-in-tw/:store: one record with every card tried; its owner edits it, others add their card. */
function StorePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('shares');
  const loaded = useLoaderData() as StoreAnswer | null;
  const [params, setParams] = useSearchParams();
  const [view, setView] = useAsMember(
    loaded,
    () => storesApi.get(loaded?.store.slug ?? ''),
    loaded?.store.slug ?? '',
  );
  const { member, openLogin } = useAuth();
  const failed = useErrorPopup();
  const popup = usePopup();
  const navigate = useNavigate();
  const format = useShareFormat();
  const mode = params.get('edit') ? 'edit' : params.get('addCard') ? 'cards' : null;
  const setMode = (next: 'edit' | 'cards' | null) =>
    setParams(next === 'edit' ? { edit: '1' } : next === 'cards' ? { addCard: '1' } : {}, {
      replace: true,
      preventScrollReset: true,
    });
  if (!view)
    return (
      <RecordFrame page={page} name={t('stores.unknownTitle')}>
        <Text data-testid="store-unknown">{t('stores.unknown')}</Text>
        <Anchor component={Link} to={LIST_PATH}>
          {t('stores.backToList')}
        </Anchor>
      </RecordFrame>
    );
  const { store } = view;
  const mine = store.cards.filter((card) => card.mine);
  const asMember = (action: () => void) => (member ? action() : openLogin());
  const toggleSaved = async () => {
    try {
      await storesApi.setSaved(store.id, !store.saved);
      setView({ ...view, store: { ...store, saved: !store.saved } });
    } catch (error) {
      await failed(error);
    }
  };
  const remove = async () => {
    const sure = await popup.show({
      title: t('stores.deleteTitle'),
      message: t('stores.deleteConfirm', { name: store.name }),
      confirmLabel: t('form.delete'),
      cancelLabel: t('form.cancel'),
      mode: 'yesno',
    });
    if (!sure) return;
    try {
      await storesApi.remove(store.id);
      await navigate(LIST_PATH);
    } catch (error) {
      await failed(error);
    }
  };
  const input: StoreInput = {
    name: store.name,
    type: store.type,
    category: store.category,
    paymentMethods: store.paymentMethods,
    usCardSupport: store.usCardSupport,
    cards: mine.map(({ cardId, cardName, network, entry, result, acquirer, note }) => ({
      cardId,
      cardName,
      network,
      entry,
      result,
      acquirer,
      note,
    })),
  };
  return (
    <RecordFrame page={page} name={store.name}>
      <Group gap="xs" wrap="wrap">
        <SupportBadge support={store.usCardSupport} />
        <Badge variant="outline" color="blue.9">
          {t(`stores.categories.${store.category}`)}
        </Badge>
        <Badge variant="outline" color="gray.8">
          {t(`stores.types.${store.type}`)}
        </Badge>
        <SampleBadge sample={store.sample} />
      </Group>
      <Text size="sm" data-testid="store-payments-shown">
        {t('stores.paymentsAre', {
          methods: store.paymentMethods
            .map((method) => t(`stores.payments.${method}`))
            .join(t('stores.listSeparator')),
        })}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button
          variant={store.saved ? 'filled' : 'light'}
          size="compact-md"
          onClick={() => asMember(() => void toggleSaved())}
          data-testid="save-store"
        >
          {store.saved ? t('stores.saved') : t('stores.save')}
        </Button>
        <CopyLinkButton path={storePath(store.slug)} />
        {!store.mine && !store.sample && (
          <ReportThisButton onReport={(reason) => storesApi.flag(store.id, reason)} />
        )}
      </Group>

      {mode === 'edit' && store.mine ? (
        <StoreForm
          title={t('stores.editTitle')}
          initial={input}
          onCancel={() => setMode(null)}
          onSave={async (next) => {
            const answer = await storesApi.update(store.id, next);
            setView(answer);
            setMode(null);
          }}
        />
      ) : mode === 'cards' && member && !store.mine ? (
        <MyCardsForm
          initial={input.cards}
          onCancel={() => setMode(null)}
          onSave={async (cards) => {
            setView(await storesApi.setMyCards(store.id, cards));
            setMode(null);
          }}
        />
      ) : (
        <Group gap="xs">
          {store.mine ? (
            <>
              <Button onClick={() => setMode('edit')} data-testid="edit-store">
                {t('stores.edit')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                onClick={() => void remove()}
                data-testid="delete-store"
              >
                {t('form.delete')}
              </Button>
            </>
          ) : (
            <Button
              variant="light"
              onClick={() => asMember(() => setMode('cards'))}
              data-testid="add-my-card"
            >
              {mine.length > 0 ? t('stores.myCards.edit') : t('stores.myCards.add')}
            </Button>
          )}
        </Group>
      )}
      {mode === 'edit' && !store.mine && member && (
        <Text c="red" size="sm" data-testid="not-yours">
          {t('stores.notYours')}
        </Text>
      )}

      <Title order={2} fz="lg">
        {t('stores.cardsTitle', { count: store.cards.length })}
      </Title>
      <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }} data-testid="store-cards">
        {store.cards.map((card) => (
          <Paper key={card.id} component="li" withBorder radius="sm" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <CardLine card={card} names={view.cardNames} />
              <Text size="xs" c="dimmed" ta="end" miw={96} style={{ whiteSpace: 'nowrap' }}>
                {card.mine ? t('stores.byYou') : t(`stores.by.${card.sharedBy}`)}
                <br />
                {format.day(card.updatedAt)}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      <EditHistory
        editCount={store.editCount}
        updatedAt={store.updatedAt}
        createdAt={store.createdAt}
      />
    </RecordFrame>
  );
}

/** /collections/store: the stores a member keeps, the latest kept first. */
function SavedStoresPage({ page }: { page: PageDef }) {
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

export const storesPage = definePage<StoresAnswer>({
  Component: StoresPage,
  loader: loadStores,
  head: storesHead,
});
export const storePage = definePage<StoreAnswer | null>({
  Component: StorePage,
  loader: loadStore,
  head: storeHead,
});
export { SavedStoresPage };
