import { Alert, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CARD_ORDERS, CardFilterSchema, FEE_BANDS, applyPreferences, filterCards, type CardFilter } from '../../../core/cards/catalogue.ts';
import { CARD_TYPES, TW_BANKS, US_BANKS, type CardKind } from '../../../core/cards/card.ts';
import type { PageDef } from '../../app/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { CardTile } from './card-tile.tsx';
import { LabelledChips, LabelledSegments } from './labelled-choices.tsx';
import { useLocalized } from './card-format.ts';
import { PreferencesPanel } from './preferences-panel.tsx';
import { useCardData, type CardData } from './use-card-data.ts';
import { useCardPreferences } from './use-card-preferences.ts';
import { MAX_COMPARED, compareLink, useCompareSelection } from './use-compare-selection.ts';

/** Filters as query parameters, so a filtered list can be bookmarked and shared. */
function filterFromParams(params: URLSearchParams): CardFilter {
  const parsed = CardFilterSchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : {};
}

function paramsFromFilter(filter: CardFilter): Record<string, string> {
  const entries = Object.entries(filter).flatMap(([key, value]): [string, string][] => {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return [];
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
  const update = (change: Partial<CardFilter> | null) => setFilter((current) => (change === null ? {} : { ...current, ...change }));
  return { filter, update };
}

/**
 * The card list (issue 8) with its filters and order; /cardplus/s, /cardplus/s/all,
 * /creditcardlist and /card show it. Card-holder preferences apply: ignored banks' cards are
 * left out, liked cards come first, business cards after personal ones unless promoted.
 */
export function CardListPage({ page }: { page: PageDef }) {
  const data = useCardData();
  return <PageFrame page={page}><CardList data={data} /></PageFrame>;
}

function CardList({ data }: { data: CardData }) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const { filter, update } = useFilterInAddress();
  const { preferences, save, toggleLiked } = useCardPreferences();
  const compare = useCompareSelection();
  const [showIgnored, setShowIgnored] = useState(false);

  const matching = useMemo(() => filterCards(data.cards, filter, data.currencyById, data.rates.perUsd), [data, filter]);
  const shown = applyPreferences(matching, showIgnored ? { ...preferences, ignoredBanks: [] } : preferences, 'list');
  const hidden = matching.length - shown.length;

  const banks = (filter.country === 'TW' ? TW_BANKS : filter.country === 'US' ? US_BANKS : [...US_BANKS, ...TW_BANKS]).filter((bank) => data.cards.some((card) => card.bank === bank));
  const earned = [...new Set(data.cards.filter((card) => !filter.country || card.country === filter.country).map((card) => card.earns))];
  const partners = [...new Set(data.currencies.flatMap((currency) => currency.transfers.map((transfer) => transfer.to)))];
  const nameOf = (id: string) => (id === 'cash' ? t('earns.cash') : localized(data.programmeName(id) ?? { en: id, 'zh-Hant': id, 'zh-Hans': id }));
  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('filters.title')}>
        <Stack gap="sm">
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput label={t('filters.search')} value={filter.q ?? ''} onChange={(event) => update({ q: event.currentTarget.value || undefined })} w={220} />
            <LabelledSegments
              id="filter-country"
              label={t('filters.country')}
              value={filter.country ?? 'all'}
              onChange={(value) => update({ country: value === 'all' ? undefined : (value as 'US' | 'TW'), bank: undefined, earns: undefined })}
              options={(['all', 'US', 'TW'] as const).map((value) => ({ value, label: t(`countries.${value}`) }))}
            />
            <LabelledSegments
              id="filter-business"
              label={t('filters.business')}
              value={filter.business ?? 'all'}
              onChange={(value) => update({ business: value === 'all' ? undefined : (value as 'business' | 'personal') })}
              options={(['all', 'personal', 'business'] as const).map((value) => ({ value, label: t(`business.${value}`) }))}
            />
            <Select label={t('filters.sort')} value={filter.sort ?? 'featured'} onChange={(value) => update({ sort: (value ?? 'featured') as CardFilter['sort'] })} data={CARD_ORDERS.map((order) => ({ value: order, label: t(`sort.${order}`) }))} allowDeselect={false} w={200} />
          </Group>
          <Group gap="md" align="flex-end" wrap="wrap">
            <MultiSelect label={t('filters.bank')} data={banks.map((bank) => ({ value: bank, label: t(`banks.${bank}`) }))} value={filter.bank ?? []} onChange={(value) => update({ bank: value as CardFilter['bank'] })} searchable clearable w={260} />
            <MultiSelect label={t('filters.earns')} data={earned.map((id) => ({ value: id, label: nameOf(id) })).sort(byName)} value={filter.earns ?? []} onChange={(value) => update({ earns: value })} searchable clearable w={260} />
            <Select label={t('filters.partner')} data={partners.map((id) => ({ value: id, label: nameOf(id) })).sort(byName)} value={filter.partner ?? null} onChange={(value) => update({ partner: value ?? undefined })} searchable clearable w={260} />
          </Group>
          <LabelledChips
            id="filter-type"
            label={t('filters.type')}
            value={filter.type ?? []}
            onChange={(value) => update({ type: value as CardFilter['type'] })}
            options={CARD_TYPES.map((type) => ({ value: type, label: type === 'business' ? t('types.business') : t(`kinds.${type as CardKind}`) }))}
          />
          <LabelledChips id="filter-fee" label={t('filters.fee')} value={filter.fee ?? []} onChange={(value) => update({ fee: value as CardFilter['fee'] })} options={FEE_BANDS.map((band) => ({ value: band, label: t(`feeBands.${band}`) }))} />
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
        <Alert color="blue" data-testid="compare-tray">
          <Group justify="space-between">
            <Text size="sm">{t('compare.selected', { count: compare.ids.length, max: MAX_COMPARED })}</Text>
            <Group gap="xs">
              <Button variant="subtle" size="xs" onClick={compare.clear}>
                {t('compare.clear')}
              </Button>
              <Button component={Link} to={compareLink(compare.ids)} size="xs" disabled={compare.ids.length < 2}>
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
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {shown.map((card) => (
            <CardTile
              key={card.id}
              card={card}
              data={data}
              liked={preferences.likedCards.includes(card.id)}
              onLike={() => void toggleLiked(card.id)}
              compared={compare.ids.includes(card.id)}
              onCompare={() => compare.toggle(card.id)}
              compareFull={compare.ids.length >= MAX_COMPARED}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
