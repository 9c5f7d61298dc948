/* eslint-disable max-lines -- the card list's filters, sort and compare selection share one URL state. */
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useSearchParams } from 'react-router';
import {
  CARD_ORDERS,
  CardFilterSchema,
  FEE_BANDS,
  applyPreferences,
  filterCards,
  type CardFilter,
} from '../../../core/cards/catalogue.ts';
import {
  CARD_TYPES,
  TW_BANKS,
  US_BANKS,
  type CardKind,
  type CardListItem,
} from '../../../core/cards/card.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { FilterFold } from '../../components/filter-fold.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { CardTile } from './card-tile.tsx';
import { LabelledChips, LabelledSegments } from './labelled-choices.tsx';
import { useLocalized } from './card-format.ts';
import { PreferencesPanel } from './preferences-panel.tsx';
import { useCardData, type CardData } from './use-card-data.ts';
import { useCardPreferences } from './use-card-preferences.ts';
import { MAX_COMPARED, compareLink, useCompareSelection } from './use-compare-selection.ts';
import { collator } from '../../../core/intl.ts';
import { INTL_LOCALES, type Language } from '../../../core/locale.ts';

/** Filters as query parameters, so a filtered list can be bookmarked and shared. */
function filterFromParams(params: URLSearchParams): CardFilter {
  const parsed = CardFilterSchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : {};
}

function paramsFromFilter(filter: CardFilter): Record<string, string> {
  const entries = Object.entries(filter).flatMap(([key, value]): [string, string][] => {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
      return [];
    return [[key, Array.isArray(value) ? value.join(',') : String(value)]];
  });
  return Object.fromEntries(entries);
}

/**
 * The filters, kept in the page's address so a filtered list can be bookmarked. The page's own
 * state leads: the router applies a change to the address a moment later, and two quick changes
 * (a bank, then a type) must both stay. An address the page did not write (a link followed while
 * on the page) replaces the filters.
 */
function useFilterInAddress() {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<CardFilter>(() => filterFromParams(params));
  const written = useRef(new Set<string>([params.toString()]));

  useEffect(() => {
    const address = params.toString();
    if (!written.current.has(address)) {
      written.current.add(address);
      setFilter(filterFromParams(params));
    }
  }, [params]);

  useEffect(() => {
    const next = new URLSearchParams(paramsFromFilter(filter));
    if (next.toString() === new URLSearchParams(window.location.search).toString()) return;
    written.current.add(next.toString());
    setParams(next, { replace: true });
  }, [filter, setParams]);

  /** Changes some filters, or clears them all with null. */
  const update = (change: Partial<CardFilter> | null) =>
    setFilter((current) => (change === null ? {} : { ...current, ...change }));
  return { filter, update };
}

/** Cards drawn at first: a phone's first screens. The rest follow as the reader scrolls. */
const FIRST_SCREEN = 12;
const BATCH = 24;

/**
 * How many cards of the list are drawn. The page arrives with the first screen (the server's
 * HTML and the hydration stay small); as the end of the drawn cards comes near the screen, the
 * next batch is drawn, and the button below does the same without scrolling. A new filter starts
 * again from the first screen.
 */
function useDrawnCount(filterKey: string) {
  const [state, setState] = useState({ key: filterKey, drawn: FIRST_SCREEN });
  const drawn = state.key === filterKey ? state.drawn : FIRST_SCREEN;
  const setDrawn = useCallback(
    (next: (count: number) => number) =>
      setState((current) => ({
        key: filterKey,
        drawn: next(current.key === filterKey ? current.drawn : FIRST_SCREEN),
      })),
    [filterKey],
  );
  const observer = useRef<IntersectionObserver | null>(null);
  const more = useCallback(
    (element: HTMLDivElement | null) => {
      observer.current?.disconnect();
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) =>
          entries.some((entry) => entry.isIntersecting) && setDrawn((count) => count + BATCH),
        { rootMargin: '600px 0px' },
      );
      observer.current.observe(element);
    },
    [setDrawn],
  );
  return { drawn, setDrawn, more };
}

/**
 * The card list with its filters and order; /cardplus/s, /cardplus/s/all,
 * /creditcardlist and /card show it. Card-holder preferences apply: ignored banks' cards are
 * left out, liked cards come first, business cards after personal ones unless promoted.
 */
export function CardListPage({ page }: { page: PageDef }) {
  const data = useCardData<CardListItem>();
  return (
    <PageFrame page={page}>
      <CardList data={data} />
    </PageFrame>
  );
}

function CardList({ data }: { data: CardData<CardListItem> }) {
  const { t, i18n } = useTranslation('cards');
  const localized = useLocalized();
  const { filter, update } = useFilterInAddress();
  const { preferences, save, toggleLiked } = useCardPreferences();
  const compare = useCompareSelection();
  const [showIgnored, setShowIgnored] = useState(false);

  const matching = useMemo(
    () => filterCards(data.cards, filter, data.currencyById, data.rates.perUsd),
    [data, filter],
  );
  const { drawn, setDrawn, more } = useDrawnCount(JSON.stringify(filter));
  // The tiles keep the same handlers from render to render, so a re-render skips the unchanged ones.
  const actions = useRef({ toggleLiked, toggleCompared: compare.toggle });
  useEffect(() => {
    actions.current = { toggleLiked, toggleCompared: compare.toggle };
  });
  const onLike = useCallback((cardId: string) => void actions.current.toggleLiked(cardId), []);
  const onCompare = useCallback((cardId: string) => actions.current.toggleCompared(cardId), []);
  const shown = applyPreferences(
    matching,
    showIgnored ? { ...preferences, ignoredBanks: [] } : preferences,
    'list',
  );
  const hidden = matching.length - shown.length;

  const banks = (
    filter.country === 'TW'
      ? TW_BANKS
      : filter.country === 'US'
        ? US_BANKS
        : [...US_BANKS, ...TW_BANKS]
  ).filter((bank) => data.cards.some((card) => card.bank === bank));
  const earned = [
    ...new Set(
      data.cards
        .filter((card) => !filter.country || card.country === filter.country)
        .map((card) => card.earns),
    ),
  ];
  const partners = [
    ...new Set(
      data.currencies.flatMap((currency) => currency.transfers.map((transfer) => transfer.to)),
    ),
  ];
  const nameOf = (id: string) =>
    id === 'cash'
      ? t('earns.cash')
      : localized(data.programmeName(id) ?? { en: id, 'zh-Hant': id, 'zh-Hans': id });
  // Made when the pickers open: a collator costs more to make than the whole first screen of cards.
  const byName = (a: { label: string }, b: { label: string }) =>
    collator(INTL_LOCALES[i18n.language as Language]).compare(a.label, b.label);
  // The bank, currency and partner pickers open on request (or when the address uses them): the
  // list is drawn and usable first, without their menus to set up.
  const [morePickers, setMorePickers] = useState(false);
  // What the phone's Filters button counts: every filter in use (the order is not a filter).
  const activeFilters = Object.entries(filter).filter(
    ([key, value]) =>
      key !== 'sort' && value !== undefined && !(Array.isArray(value) && value.length === 0),
  ).length;
  const pickersShown =
    morePickers || Boolean(filter.bank?.length || filter.earns?.length || filter.partner);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('filters.title')}>
        <Stack gap="sm">
          <FilterFold active={activeFilters}>
            <Stack gap="sm">
              <Group gap="md" align="flex-end" wrap="wrap">
                <TextInput
                  label={t('filters.search')}
                  value={filter.q ?? ''}
                  onChange={(event) => update({ q: event.currentTarget.value || undefined })}
                  w={220}
                />
                <LabelledSegments
                  id="filter-country"
                  label={t('filters.country')}
                  value={filter.country ?? 'all'}
                  onChange={(value) =>
                    update({
                      country: value === 'all' ? undefined : (value as 'US' | 'TW'),
                      bank: undefined,
                      earns: undefined,
                    })
                  }
                  options={(['all', 'US', 'TW'] as const).map((value) => ({
                    value,
                    label: t(`countries.${value}`),
                  }))}
                />
                <LabelledSegments
                  id="filter-business"
                  label={t('filters.business')}
                  value={filter.business ?? 'all'}
                  onChange={(value) =>
                    update({
                      business: value === 'all' ? undefined : (value as 'business' | 'personal'),
                    })
                  }
                  options={(['all', 'personal', 'business'] as const).map((value) => ({
                    value,
                    label: t(`business.${value}`),
                  }))}
                />
                <NativeSelect
                  label={t('filters.sort')}
                  value={filter.sort ?? 'featured'}
                  onChange={(event) =>
                    update({ sort: event.currentTarget.value as CardFilter['sort'] })
                  }
                  data={CARD_ORDERS.map((order) => ({ value: order, label: t(`sort.${order}`) }))}
                  w={200}
                />
              </Group>
              {pickersShown ? (
                <Group gap="md" align="flex-end" wrap="wrap" data-testid="more-filters">
                  <MultiSelect
                    label={t('filters.bank')}
                    data={banks.map((bank) => ({ value: bank, label: t(`banks.${bank}`) }))}
                    value={filter.bank ?? []}
                    onChange={(value) => update({ bank: value as CardFilter['bank'] })}
                    searchable
                    clearable
                    w={260}
                  />
                  <MultiSelect
                    label={t('filters.earns')}
                    data={earned.map((id) => ({ value: id, label: nameOf(id) })).sort(byName)}
                    value={filter.earns ?? []}
                    onChange={(value) => update({ earns: value })}
                    searchable
                    clearable
                    w={260}
                  />
                  <NativeSelect
                    label={t('filters.partner')}
                    data={[
                      { value: '', label: t('filters.anyPartner') },
                      ...partners.map((id) => ({ value: id, label: nameOf(id) })).sort(byName),
                    ]}
                    value={filter.partner ?? ''}
                    onChange={(event) =>
                      update({ partner: event.currentTarget.value || undefined })
                    }
                    w={260}
                  />
                </Group>
              ) : (
                <Button
                  variant="light"
                  size="xs"
                  w="fit-content"
                  onClick={() => setMorePickers(true)}
                  data-testid="show-more-filters"
                >
                  {t('filters.more')}
                </Button>
              )}
              <LabelledChips
                id="filter-type"
                label={t('filters.type')}
                value={filter.type ?? []}
                onChange={(value) => update({ type: value as CardFilter['type'] })}
                options={CARD_TYPES.map((type) => ({
                  value: type,
                  label: type === 'business' ? t('types.business') : t(`kinds.${type as CardKind}`),
                }))}
              />
              <LabelledChips
                id="filter-fee"
                label={t('filters.fee')}
                value={filter.fee ?? []}
                onChange={(value) => update({ fee: value as CardFilter['fee'] })}
                options={FEE_BANDS.map((band) => ({ value: band, label: t(`feeBands.${band}`) }))}
              />
            </Stack>
          </FilterFold>
          <Group justify="space-between">
            <Text size="sm" role="status" data-testid="card-count">
              {t('list.count', { count: shown.length })}
              {hidden > 0 && ` · ${t('list.hidden', { count: hidden })}`}
            </Text>
            <Group gap="xs">
              {hidden > 0 && (
                <Button variant="subtle" size="xs" onClick={() => setShowIgnored(true)}>
                  {t('list.showHidden')}
                </Button>
              )}
              <Button variant="subtle" size="xs" onClick={() => update(null)}>
                {t('filters.clear')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      <PreferencesPanel data={data} preferences={preferences} save={save} />
      {compare.ids.length > 0 && (
        // Fixed on screen while cards are picked, wherever the list is scrolled to.
        <Alert
          color="blue"
          data-testid="compare-tray"
          style={{
            background: 'var(--mantine-color-blue-0)',
            border: '1px solid var(--mantine-color-blue-3)',
            position: 'fixed',
            bottom: 16,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 150,
            width: 'min(720px, calc(100% - 32px))',
            boxShadow: 'var(--mantine-shadow-lg)',
          }}
        >
          <Group justify="space-between">
            <Text size="sm">
              {t('compare.selected', { count: compare.ids.length, max: MAX_COMPARED })}
            </Text>
            <Group gap="xs">
              <Button variant="subtle" size="xs" onClick={compare.clear}>
                {t('compare.clear')}
              </Button>
              <Button
                component={Link}
                to={compareLink(compare.ids)}
                size="xs"
                disabled={compare.ids.length < 2}
              >
                {t('compare.go')}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      {shown.length === 0 ? (
        <Alert color="gray" title={t('list.emptyTitle')}>
          {t('list.empty')}
        </Alert>
      ) : (
        <>
          {/* The cards' own headings are h3: the list is their h2, for those who move by headings. */}
          <h2 className="visually-hidden">{t('list.heading')}</h2>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="card-grid">
            {shown.slice(0, drawn).map((card) => (
              <CardTile
                key={card.id}
                card={card}
                data={data}
                liked={preferences.likedCards.includes(card.id)}
                onLike={onLike}
                compared={compare.ids.includes(card.id)}
                onCompare={onCompare}
                compareFull={compare.ids.length >= MAX_COMPARED}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      {/* Room below the last cards, so the tray never covers them. */}
      {compare.ids.length > 0 && <div style={{ height: 72 }} aria-hidden="true" />}
      {drawn < shown.length && (
        <Group justify="center" ref={more}>
          <Button
            variant="default"
            onClick={() => setDrawn((count) => count + BATCH)}
            data-testid="more-cards"
          >
            {t('list.more', { count: shown.length - drawn })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
