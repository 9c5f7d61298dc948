import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  data,
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { type StoreInput } from '../../../core/shares/stores.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAsMember, useAuth } from '../auth/index.ts';
import { useShareFormat } from './share-format.ts';
import { EditHistory, RecordFrame } from './share-parts.tsx';
import { CopyLinkButton, ReportThisButton, SampleBadge } from '../../components/record-actions.tsx';
import { storesApi, type StoreAnswer } from './shares-api.ts';
import { MyCardsForm, StoreForm } from './store-form.tsx';
import { CardLine, SupportBadge, storePath } from './store-parts.tsx';

import { LIST_PATH } from './store-parts.tsx';

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
  const { member, openLogin, requireMember } = useAuth();
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
          onClick={() => requireMember(() => void toggleSaved())}
          data-testid="save-store"
        >
          {store.saved ? t('stores.saved') : t('stores.save')}
        </Button>
        <CopyLinkButton path={storePath(store.slug)} />
        {!store.mine && !store.sample && (
          <ReportThisButton
            onReport={(reason) => storesApi.flag(store.id, reason)}
            signedIn={member !== null}
            openLogin={() => openLogin()}
          />
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
              onClick={() => requireMember(() => setMode('cards'))}
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

export const storePage = definePage<StoreAnswer | null>({
  Component: StorePage,
  loader: loadStore,
  head: storeHead,
});
