/* eslint-disable max-lines -- the explorer's form and its results share one query string state; the results' parts are in explorer-results.tsx. */
/** The redeem explorer's page: its loader, the form, the map, and the sortable list that holds the result rows. */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Segments } from '../../components/choices.tsx';
import { Table } from '../../components/table.tsx';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { CABINS, type Cabin } from '../../../core/awards/simulated-schedule.ts';
import type { ExplorerError } from '../../../core/guides/explorer.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useFormProblems } from '../../lib/form-problems.ts';
import {
  cityOf,
  readMileageRecords,
  readProgrammes,
  rememberBalance,
  rememberedOrigin,
  saveOriginCity,
} from '../../lib/travel-preferences.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { PlaceSelect } from '../../components/place-select.tsx';
import { findPlaces, placeLanguage, type PlaceChoice } from '../../lib/places.ts';
import { useAuth } from '../auth/index.ts';
import { useGuideFormat } from './guide-format.ts';
import { ScrollTable } from './scroll-table.tsx';
import { guidesApi, type Explored as ExplorerAnswer } from './guides-api.ts';
import { GuidesLoading } from './guides-loading.tsx';
import {
  DestinationRows,
  Holdings,
  sortDestinations,
  type SortOrder,
} from './explorer-results.tsx';
import type { LibraryEntry, TransferSource } from '../../../core/guides/contract.ts';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';

// d3-geo and the world's outline load with the first answer, not with the form.
const ExplorerMap = lazy(() =>
  import('./explorer-map.tsx').then((module) => ({ default: module.ExplorerMap })),
);

type Field = 'amount' | 'source' | 'origin' | 'cabin';
const PAGE_ROWS = 60;

interface ExplorerSources {
  withTransfers: TransferSource[];
  charted: LibraryEntry[];
}

/** The points systems the form offers: currencies with transfer partners, and airline programmes with a chart. */
async function loadSources({ context }: LoaderFunctionArgs): Promise<ExplorerSources> {
  const [withTransfers, airlines] = await Promise.all([
    loaderGet<{ sources: TransferSource[] }>(context, '/api/transfer-partners/sources', {
      cache: true,
    }),
    loaderGet<{ programmes: LibraryEntry[] }>(context, '/api/guides?kind=airline', { cache: true }),
  ]);
  return {
    withTransfers: withTransfers.sources,
    charted: airlines.programmes.filter((entry) => entry.hasChart),
  };
}

/**
 * The redeem explorer (/awardplus/redemption/e; /storefront/awardmap opens it in buy-miles
 * mode): an amount and a points system, or the member's wallet, an origin and a cabin give every
 * destination within reach on a map and in a sortable list, each with its path from the points to
 * the miles needed. The address holds the question, so a result can be shared or reloaded.
 */
function ExplorerPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const { language } = useAppState();
  const { member, openLogin } = useAuth();
  const problems = useFormProblems<HTMLFormElement>();
  const failed = useErrorPopup();
  const [params, setParams] = useSearchParams();
  const buyByDefault = page.id === 'storefrontAwardMap';

  // The form's own state; the address changes only when the member asks.
  const [amount, setAmount] = useState(params.get('amount') ?? '');
  const [source, setSource] = useState<string | null>(params.get('source'));
  const [origin, setOrigin] = useState<PlaceChoice | null>(null);
  const [cabin, setCabin] = useState<Cabin>(
    (CABINS as readonly string[]).includes(params.get('cabin') ?? '')
      ? (params.get('cabin') as Cabin)
      : 'economy',
  );
  const [wallet, setWallet] = useState(params.get('wallet') === '1');
  const [buy, setBuy] = useState(params.has('buy') ? params.get('buy') === '1' : buyByDefault);
  const [errors, setErrors] = useState<Partial<Record<Field, ExplorerError>>>({});
  const [answer, setAnswer] = useState<ExplorerAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<SortOrder>('value');
  const [shown, setShown] = useState(PAGE_ROWS);
  const [open, setOpen] = useState<string | null>(null);

  const sources = useLoaderData() as ExplorerSources;
  const sourceOptions = useMemo(() => {
    const group = (
      label: string,
      items: { id: string; name: Parameters<typeof format.text>[0] }[],
    ) => ({
      group: label,
      items: items.map((item) => ({ value: item.id, label: format.text(item.name) })),
    });
    const banks = sources.withTransfers.filter((source) => source.kind === 'bank');
    const charted = new Set(sources.charted.map((entry) => entry.id));
    return [
      group(
        t('transfers.groups.bankUs'),
        banks.filter((source) => source.country === 'US'),
      ),
      group(
        t('transfers.groups.bankTw'),
        banks.filter((source) => source.country === 'TW'),
      ),
      group(
        t('transfers.groups.hotel'),
        sources.withTransfers.filter((source) => source.kind === 'hotel'),
      ),
      group(t('explorer.chartedGroup'), sources.charted),
      group(
        t('transfers.groups.airline'),
        sources.withTransfers.filter(
          (source) => source.kind === 'airline' && !charted.has(source.id),
        ),
      ),
    ].filter((entry) => entry.items.length > 0);
  }, [sources, format, t]);

  // The origin in the address is looked up once, so its field shows a name. Without one, the form
  // starts from what this browser remembers (docs/product/README.md#what-the-site-remembers): the
  // city the member flies from or is in, and the points they last explored with.
  const originCode = params.get('origin');
  useEffect(() => {
    if (!params.has('source') && !params.has('wallet')) {
      const options = new Set(
        sourceOptions.flatMap((group) => group.items.map((item) => item.value)),
      );
      const known = readProgrammes().find((id) => options.has(id));
      const record = known ? readMileageRecords()[known] : undefined;
      if (known) setSource(known);
      if (known && record !== undefined) setAmount(String(record));
    }
    if (!originCode)
      void rememberedOrigin(placeLanguage(language))
        .then((remembered) => remembered && setOrigin((current) => current ?? remembered))
        .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);
  useEffect(() => {
    if (!originCode || origin) return;
    findPlaces(originCode, placeLanguage(language))
      .then((places) =>
        setOrigin(places.find((place) => place.code === originCode.toUpperCase()) ?? null),
      )
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the address's origin
  }, [originCode]);

  // The answer follows the address: a shared link or a reload explores at once.
  const query = params.toString();
  useEffect(() => {
    const form = Object.fromEntries(params.entries());
    // The storefront's award map buys miles unless the address says not to.
    if (buyByDefault && !form.buy) form.buy = '1';
    if (!form.origin || (form.wallet !== '1' && (!form.amount || !form.source))) {
      setAnswer(null);
      return;
    }
    if (form.wallet === '1' && !member) return;
    const controller = new AbortController();
    setBusy(true);
    guidesApi
      .explore(form, placeLanguage(language), controller.signal)
      .then((loaded) => {
        setAnswer(loaded);
        setShown(PAGE_ROWS);
        setOpen(null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const fields =
          error instanceof ApiRequestError
            ? (error.body?.fields as Partial<Record<Field, ExplorerError>> | undefined)
            : undefined;
        if (fields && Object.keys(fields).length > 0) return void showErrors(fields);
        void failed(error);
      })
      .finally(() => !controller.signal.aborted && setBusy(false));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the address is the question
  }, [query, language, member?.account]);

  const showErrors = (found: Partial<Record<Field, ExplorerError>>) => {
    // Each field carries its own message; the first comes into view with the focus.
    setErrors(found);
    problems.reveal();
  };

  const submit = async () => {
    if (wallet && !member) return void openLogin({ mode: 'login' });
    const form = {
      amount,
      source: source ?? '',
      origin: origin?.code ?? '',
      cabin,
      wallet: wallet ? ('1' as const) : ('0' as const),
      buy: buy ? ('1' as const) : ('0' as const),
    };
    // Only what the page can know is checked here; the server names an unknown system or origin.
    // The check (and its schemas) loads when the form is first sent, not with every guides page.
    const { checkExplorerForm } = await import('../../../core/guides/explorer.ts');
    const checked = checkExplorerForm(form, { currency: () => true, origin: () => true });
    if ('errors' in checked) return void showErrors(checked.errors);
    setErrors({});
    if (origin) saveOriginCity(cityOf(origin));
    if (checked.request.amount !== null) rememberBalance(form.source, checked.request.amount);
    const next: Record<string, string> = { origin: form.origin, cabin };
    if (wallet) next.wallet = '1';
    else Object.assign(next, { amount: String(checked.request.amount), source: form.source });
    if (buy) next.buy = '1';
    else if (buyByDefault) next.buy = '0';
    setParams(next);
  };

  const placeName = (code: string) => answer?.names.places[code]?.city ?? code;
  const programmeName = (id: string) => answer?.names.programmes[id] ?? id;
  const sorted = useMemo(
    () => sortDestinations(answer?.destinations ?? [], order, placeName),
    // The names come with the answer, so placeName changes only when it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answer, order],
  );
  const reachable = answer?.destinations.filter((destination) => destination.reachable).length ?? 0;
  const buyable = (answer?.destinations.length ?? 0) - reachable;
  const error = (field: Field) =>
    errors[field] ? t(`explorer.errors.${errors[field]}`) : undefined;

  return (
    <PageFrame page={page}>
      <Paper
        withBorder
        p="md"
        radius="md"
        component="form"
        ref={problems.ref}
        onSubmit={(event) => (event.preventDefault(), void submit())}
        data-testid="explorer-form"
        noValidate
      >
        <Stack gap="sm">
          <Segments
            aria-label={t('explorer.mode')}
            value={wallet ? 'wallet' : 'amount'}
            onChange={(value) => setWallet(value === 'wallet')}
            options={[
              { value: 'amount', label: t('explorer.modeAmount') },
              { value: 'wallet', label: t('explorer.modeWallet') },
            ]}
            maw={420}
          />
          <Group align="start" gap="md" wrap="wrap">
            {!wallet && (
              <>
                <TextInput
                  label={t('explorer.amount')}
                  value={amount}
                  onChange={(event) => setAmount(event.currentTarget.value)}
                  inputMode="numeric"
                  placeholder="80,000"
                  error={error('amount')}
                  required
                  w={170}
                  data-testid="explorer-amount"
                />
                <Select
                  label={t('explorer.source')}
                  data={sourceOptions}
                  value={source}
                  onChange={setSource}
                  searchable
                  placeholder={t('explorer.sourcePlaceholder')}
                  error={error('source')}
                  required
                  w={300}
                  data-testid="explorer-source"
                  comboboxProps={{ withinPortal: true }}
                />
              </>
            )}
            <div style={{ width: 260 }}>
              <PlaceSelect
                label={t('explorer.origin')}
                value={origin}
                onChange={setOrigin}
                error={error('origin')}
                required
                testId="explorer-origin-field"
              />
            </div>
            <Select
              label={t('explorer.cabin')}
              data={CABINS.map((value) => ({ value, label: t(`explorer.cabins.${value}`) }))}
              value={cabin}
              onChange={(value) => value && setCabin(value as Cabin)}
              allowDeselect={false}
              w={170}
              data-testid="explorer-cabin"
            />
          </Group>
          {wallet && (
            <Text size="sm" c="gray.7">
              {member ? t('explorer.walletHint') : t('explorer.walletLogin')}{' '}
              <Anchor component={Link} to="/profilepage/points" size="sm">
                {t('explorer.walletEdit')}
              </Anchor>
            </Text>
          )}
          <Group justify="space-between" wrap="wrap">
            <Switch
              label={t('explorer.buy')}
              checked={buy}
              onChange={(event) => setBuy(event.currentTarget.checked)}
              data-testid="explorer-buy"
            />
            <Button type="submit" loading={busy} data-testid="explorer-submit">
              {t('explorer.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {busy && !answer && <GuidesLoading />}
      {answer && (
        <Stack gap="md" data-testid="explorer-result">
          <Holdings answer={answer} />
          <Text fw={600} data-testid="explorer-summary">
            {t('explorer.summary', { count: reachable, place: placeName(answer.origin.code) })}
            {answer.destinations.length > reachable
              ? ` ${t('explorer.summaryBuy', { count: buyable })}`
              : ''}
          </Text>
          {answer.destinations.length === 0 ? (
            <Alert color="gray" title={t('explorer.noneTitle')}>
              {answer.holdings.length === 0 ? t('explorer.noProgramme') : t('explorer.none')}
            </Alert>
          ) : (
            <>
              <Suspense fallback={<GuidesLoading />}>
                <ExplorerMap
                  origin={answer.origin}
                  destinations={answer.destinations}
                  label={t('explorer.mapLabel', { place: placeName(answer.origin.code) })}
                  nameOf={placeName}
                />
              </Suspense>
              <Group gap="lg">
                <Group gap={6}>
                  <span
                    style={{ width: 18, height: 3, background: '#0c8599', display: 'inline-block' }}
                  />
                  <Text size="sm">{t('explorer.legendReach')}</Text>
                </Group>
                <Group gap={6}>
                  <span
                    style={{
                      width: 18,
                      height: 0,
                      borderTop: '3px dashed #e8590c',
                      display: 'inline-block',
                    }}
                  />
                  <Text size="sm">{t('explorer.legendBuy')}</Text>
                </Group>
              </Group>
              <Group justify="space-between" align="end">
                <Title order={2} fz="lg">
                  {t('explorer.listTitle')}
                </Title>
                <Select
                  label={t('explorer.sort')}
                  data={(['value', 'miles', 'distance', 'name'] as const).map((value) => ({
                    value,
                    label: t(`explorer.sorts.${value}`),
                  }))}
                  value={order}
                  onChange={(value) => value && setOrder(value as SortOrder)}
                  allowDeselect={false}
                  w={220}
                  data-testid="explorer-sort"
                />
              </Group>
              <ScrollTable label={t('explorer.listTitle')} minWidth={720}>
                <Table highlightOnHover data-testid="explorer-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('explorer.columns.destination')}</Table.Th>
                      <Table.Th>{t('explorer.columns.programme')}</Table.Th>
                      <Table.Th>{t('explorer.columns.miles')}</Table.Th>
                      <Table.Th>{t('explorer.columns.route')}</Table.Th>
                      <Table.Th>{t('explorer.columns.cost')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {sorted.slice(0, shown).map((destination) => (
                      <DestinationRows
                        key={destination.airport}
                        destination={destination}
                        answer={answer}
                        open={open === destination.airport}
                        onToggle={() =>
                          setOpen(open === destination.airport ? null : destination.airport)
                        }
                        programmeName={programmeName}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
              {sorted.length > shown && (
                <Button variant="default" onClick={() => setShown(shown + PAGE_ROWS)} maw={260}>
                  {t('explorer.more', { left: sorted.length - shown })}
                </Button>
              )}
            </>
          )}
          <Text size="sm" c="gray.7">
            {t('explorer.footnote', { date: format.date(answer.today) })}{' '}
            <Anchor component={Link} to="/faq#explorer" inherit underline="always">
              {t('explorer.faqLink')}
            </Anchor>
          </Text>
        </Stack>
      )}
    </PageFrame>
  );
}

export const explorerPage = definePage<ExplorerSources>({
  Component: ExplorerPage,
  loader: loadSources,
});
