/* eslint-disable max-lines -- the award search form: each field's check and the linked form state work together, tested as one in search-form.test.ts. */
import {
  Button,
  Card,
  Collapse,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Chips, Segments } from '../../components/choices.tsx';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useFormProblems } from '../../lib/form-problems.ts';
import { useNavigate } from 'react-router';
import {
  BOOKING_HORIZON_DAYS,
  CABINS,
  SEAT_CHOICES,
  TIME_OF_DAY_HOURS,
  type Cabin,
  type SearchAlliance,
  type TimeOfDay,
} from '../../../core/awards/search.ts';
import { LIMITS } from '../../../core/limits.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { useAuth } from '../auth/index.ts';
import type { TrackingAllowance, TrackingView } from '../../../core/awards/tracking.ts';
import { awardsApi, trackingsApi, type AwardQuota } from './awards-api.ts';
import { PlaceSelect } from '../../components/place-select.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { placeLanguage } from '../../lib/places.ts';
import { rememberedOrigin } from '../../lib/travel-preferences.ts';
import { useToday } from '../../lib/use-today.ts';
import { dropPendingSearch, keepPendingSearch, takePendingSearch } from './pending-search.ts';
import {
  addDays,
  checkForm,
  emptyForm,
  lastSearch,
  localToday,
  rememberSearch,
  seatsFor,
  toRequest,
  toTrackingRequest,
  type FormProblems,
  type SearchForm,
} from './search-form.ts';

// The visitor's sign-in dialog loads when it is first needed (Mantine's modal is not on the landing's path).
const SignInToSearch = lazy(() => import('./sign-in-to-search.tsx'));

/** The member's plan limits and days left, for the panel and the results page; null for a visitor. */
export function useQuota(): { quota: AwardQuota | null; refresh: () => void } {
  const { member } = useAuth();
  const [quota, setQuota] = useState<AwardQuota | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!member) {
      setQuota(null);
      return;
    }
    let live = true;
    awardsApi
      .quota()
      .then((answer) => live && setQuota(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [member, version]);
  return { quota, refresh: () => setVersion((value) => value + 1) };
}

export function QuotaLine({ quota }: { quota: AwardQuota | null }) {
  const { t } = useTranslation('awards');
  if (!quota) return null;
  return (
    <Text size="sm" c="gray.7" data-testid="quota-left">
      {quota.daysLeft === null
        ? t('quota.unlimited', { perSearch: quota.daysPerSearch })
        : t('quota.left', { count: quota.daysLeft, perSearch: quota.daysPerSearch })}
    </Text>
  );
}

/** "3 of 5 tracking days left" (docs/product/trackings.md#tracking-days). */
export function AllowanceLine({ allowance }: { allowance: TrackingAllowance | null }) {
  const { t } = useTranslation('awards');
  if (!allowance) return null;
  return (
    <Text size="sm" c="gray.7" data-testid="tracking-allowance">
      {t('trackings.allowance', { count: allowance.remaining, days: allowance.days })}
    </Text>
  );
}

/** The panel in tracking mode: the member's tracking days, and what to do with the new tracking. */
export interface TrackingMode {
  allowance: TrackingAllowance | null;
  /** The search result the form was filled from, if any. */
  fromSearch?: string | null;
  onCreated: (tracking: TrackingView, allowance: TrackingAllowance) => void;
}

/**
 * The panel 'Search for one-way award tickets' (docs/product/award-search.md#the-query): every
 * field of the query. It starts the search and opens its results; problems are named beside their
 * field, and what the server refuses (over the limit, month used up, maintenance) comes in the
 * message popup (docs/product/award-search.md#states-and-messages). With `tracking` the same fields
 * create a tracking instead, with keep-tracking, and the date range is held to the tracking days
 * left.
 */
export function SearchPanel({
  live = false,
  initial,
  tracking,
}: {
  live?: boolean;
  initial?: Partial<SearchForm>;
  tracking?: TrackingMode;
}) {
  const { t } = useTranslation('awards');
  const { t: tc, i18n } = useTranslation();
  const { member, ready, openLogin } = useAuth();
  const { language } = useAppState();
  const popup = usePopup();
  const navigate = useNavigate();
  const { quota } = useQuota();
  const today = useToday();
  // The server renders every visitor's panel empty; the last search (a cookie) fills it after hydration.
  const [form, setForm] = useState<SearchForm>(() => ({ ...emptyForm(today), ...initial }));
  useEffect(() => {
    const saved = lastSearch(localToday());
    setForm((current) => ({ ...(saved ?? current), ...initial }));
    // No search yet: the origin starts at the city the member flies from or is in.
    if (!saved?.origin && !initial?.origin)
      void rememberedOrigin(placeLanguage(language))
        .then(
          (origin) =>
            origin && setForm((current) => (current.origin ? current : { ...current, origin })),
        )
        .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);
  const [problems, setProblems] = useState<FormProblems>({});
  const marked = useFormProblems();
  // A form filled for one flight (a result's 'Track this flight') opens with that flight shown.
  const [more, setMore] = useState(Boolean(initial?.flightNumber || initial?.airlines?.length));
  const [busy, setBusy] = useState(false);
  const [keepTracking, setKeepTracking] = useState(true);
  const [askSignIn, setAskSignIn] = useState(false);

  // A search a visitor filled in before signing in runs as soon as they are signed in, here or
  // after a social provider brought them back (docs/first-use.md#the-visitors-search).
  useEffect(() => {
    if (!member || tracking) return;
    const pending = takePendingSearch(live);
    if (!pending) return;
    setForm(pending.form);
    void startSearch(pending.form);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the member signs in
  }, [member]);

  const set = <K extends keyof SearchForm>(field: K, value: SearchForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const daysPerSearch = tracking
    ? Math.max(1, tracking.allowance?.remaining ?? 1)
    : (quota?.daysPerSearch ?? LIMITS.search.memberDaysPerSearch);
  const problem = (field: keyof FormProblems) => {
    const key = problems[field];
    if (!key) return undefined;
    // Tracking days, not search days, hold a tracking's range.
    return tracking && key === 'panel.problems.tooManyDays'
      ? t('trackingForm.tooManyDays', { count: tracking.allowance?.remaining ?? 0 })
      : t(key, { days: daysPerSearch });
  };

  const submit = async () => {
    // Every wrong field is marked at once, a visitor's too, before anything is asked of them.
    const found = await checkForm(form, daysPerSearch, today);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    if (!member) {
      keepPendingSearch({ form, live });
      rememberSearch(form);
      setAskSignIn(true);
      return;
    }
    await startSearch(form);
  };

  const signInToSearch = (mode: 'login' | 'signup') => {
    setAskSignIn(false);
    openLogin({
      mode,
      from: live ? 'scraping' : 'awardplus',
      onClose: (signedIn) => !signedIn && dropPendingSearch(),
    });
  };

  const startSearch = async (form: SearchForm) => {
    setBusy(true);
    if (tracking) {
      try {
        const created = await trackingsApi.create(
          toTrackingRequest(form, keepTracking, tracking.fromSearch ?? null),
        );
        tracking.onCreated(created.tracking, created.allowance);
      } catch (error) {
        await showRefusal(error);
      } finally {
        setBusy(false);
      }
      return;
    }
    try {
      const started = await awardsApi.start(toRequest(form, live));
      rememberSearch(form);
      navigate(
        `${live ? '/awardplus/scraping/result' : '/awardplus/redemption/s/result'}?id=${started.id}`,
      );
    } catch (error) {
      await showRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  const showRefusal = async (error: unknown) => {
    const name = error instanceof ApiRequestError ? error.body?.error : undefined;
    const message = errorMessage(error, tc, (key) => i18n.exists(key));
    if (name === 'SEARCH_MONTH_USED_UP') {
      // The month's days are used up; sponsorship raises them
      // (docs/product/award-search.md#states-and-messages).
      const sponsor = await popup.show({
        title: t('states.monthUsedUpTitle'),
        message: [message, t('states.monthUsedUpSponsor')],
        mode: 'yesno',
        confirmLabel: t('states.becomeSponsor'),
        cancelLabel: tc('popup.gotIt'),
      });
      if (sponsor) navigate('/support-tripplus');
      return;
    }
    const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
    if (
      name === 'SEARCH_TOO_MANY_DAYS' ||
      name === 'TRACKING_DAYS_EXCEEDED' ||
      (name === 'INVALID_INPUT' && fields)
    ) {
      setProblems((current) => ({
        ...current,
        ...(fields?.endDate ? { endDate: 'panel.problems.tooManyDays' } : {}),
      }));
    }
    await popup.show({
      title: name === 'SEARCH_MAINTENANCE' ? tc('notice.maintenanceTitle') : tc('errors.title'),
      message,
      confirmLabel: tc('popup.gotIt'),
    });
  };

  const seatLabel = (cabin: Cabin, seats: number) => {
    const choices = SEAT_CHOICES[cabin];
    if (seats === choices[0]) return t('panel.seatsAny');
    return seats === choices[choices.length - 1] ? `${seats}+` : String(seats);
  };
  const maxDate = addDays(today, BOOKING_HORIZON_DAYS);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-testid="search-panel"
      component="section"
      aria-labelledby="search-panel-title"
    >
      <form
        ref={marked.ref}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit().then(marked.reveal);
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" align="baseline">
            <Title order={2} fz="xl" id="search-panel-title">
              {tracking ? t('trackingForm.title') : live ? t('panel.liveTitle') : t('panel.title')}
            </Title>
            {tracking ? (
              <AllowanceLine allowance={tracking.allowance} />
            ) : (
              <QuotaLine quota={quota} />
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PlaceSelect
              label={t('panel.origin')}
              value={form.origin}
              onChange={(place) => set('origin', place)}
              error={problem('origin')}
              testId="search-origin"
            />
            <PlaceSelect
              label={t('panel.destination')}
              value={form.destination}
              onChange={(place) => set('destination', place)}
              error={problem('destination')}
              testId="search-destination"
            />
          </SimpleGrid>
          <Group gap="md" align="flex-end" wrap="wrap">
            <Segments
              value={form.dateMode}
              onChange={(mode) => set('dateMode', mode as SearchForm['dateMode'])}
              options={[
                { value: 'single', label: t('panel.singleDay') },
                { value: 'range', label: t('panel.dateRange') },
              ]}
              aria-label={t('panel.dates')}
              data-testid="search-date-mode"
            />
            <TextInput
              type="date"
              label={form.dateMode === 'single' ? t('panel.date') : t('panel.startDate')}
              value={form.startDate}
              min={today}
              max={maxDate}
              onChange={(event) => set('startDate', event.currentTarget.value)}
              error={problem('startDate')}
              data-testid="search-start"
            />
            {form.dateMode === 'range' && (
              <TextInput
                type="date"
                label={t('panel.endDate')}
                value={form.endDate}
                min={form.startDate || today}
                max={maxDate}
                onChange={(event) => set('endDate', event.currentTarget.value)}
                error={problem('endDate')}
                description={
                  tracking
                    ? t('trackingForm.oneDayEach')
                    : t('panel.daysPerSearch', { days: daysPerSearch })
                }
                data-testid="search-end"
              />
            )}
          </Group>
          {/* The browser's own selects: four short fixed lists need no menu machinery to set up. */}
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <NativeSelect
              label={t('panel.cabin')}
              value={form.cabin}
              onChange={(event) => {
                const cabin = event.currentTarget.value as Cabin;
                setForm((current) => ({
                  ...current,
                  cabin,
                  seats: seatsFor(cabin, current.seats),
                }));
              }}
              data={CABINS.map((cabin) => ({ value: cabin, label: t(`cabins.${cabin}`) }))}
              data-testid="search-cabin"
            />
            <NativeSelect
              label={t('panel.seats')}
              value={String(form.seats)}
              onChange={(event) => set('seats', Number(event.currentTarget.value))}
              data={SEAT_CHOICES[form.cabin].map((seats) => ({
                value: String(seats),
                label: seatLabel(form.cabin, seats),
              }))}
              data-testid="search-seats"
            />
            <NativeSelect
              label={t('panel.stops')}
              value={String(form.stops)}
              onChange={(event) =>
                set('stops', Number(event.currentTarget.value) as SearchForm['stops'])
              }
              data={[0, 1, 2].map((stops) => ({
                value: String(stops),
                label: t(`stops.max${stops}`),
              }))}
              data-testid="search-stops"
            />
            <NativeSelect
              label={t('panel.alliance')}
              value={form.alliance ?? 'all'}
              onChange={(event) => {
                const alliance = event.currentTarget.value;
                set('alliance', alliance === 'all' ? null : (alliance as SearchAlliance));
              }}
              data={[
                { value: 'all', label: t('alliances.all') },
                ...(['star', 'oneworld', 'skyteam'] as const).map((alliance) => ({
                  value: alliance,
                  label: t(`alliances.${alliance}`),
                })),
              ]}
              data-testid="search-alliance"
            />
          </SimpleGrid>
          <Button
            variant="subtle"
            w="fit-content"
            px={0}
            onClick={() => setMore((open) => !open)}
            aria-expanded={more}
            data-testid="search-more"
          >
            {more ? t('panel.fewerOptions') : t('panel.moreOptions')}
          </Button>
          <Collapse expanded={more} keepMounted={false}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TagsInput
                  label={t('panel.airlines')}
                  description={t('panel.airlinesHint')}
                  value={form.airlines}
                  onChange={(codes) =>
                    set(
                      'airlines',
                      [
                        ...new Set(codes.map((code) => code.trim().toUpperCase()).filter(Boolean)),
                      ].slice(0, 20),
                    )
                  }
                  error={problem('airlines')}
                  data-testid="search-airlines"
                />
                <TextInput
                  label={t('panel.flightNumber')}
                  description={t('panel.flightNumberHint')}
                  value={form.flightNumber}
                  maxLength={6}
                  onChange={(event) => set('flightNumber', event.currentTarget.value.toUpperCase())}
                  error={problem('flightNumber')}
                  data-testid="search-flight"
                />
              </SimpleGrid>
              <div>
                <Text size="sm" fw={500} mb={6} id="time-of-day-label">
                  {t('panel.timeOfDay')}
                </Text>
                <Chips
                  labelledBy="time-of-day-label"
                  value={form.timeOfDay}
                  onChange={(slots) => set('timeOfDay', slots as TimeOfDay[])}
                  options={(Object.keys(TIME_OF_DAY_HOURS) as TimeOfDay[]).map((slot) => ({
                    value: slot,
                    label: t(`timeOfDay.${slot}`),
                    testId: `search-time-${slot}`,
                  }))}
                />
              </div>
              <Group align="flex-end" gap="lg">
                <Switch
                  label={t('panel.mixedCabin')}
                  description={t('panel.mixedCabinHint')}
                  checked={form.mixedCabin}
                  onChange={(event) => set('mixedCabin', event.currentTarget.checked)}
                  data-testid="search-mixed"
                />
                {form.mixedCabin && (
                  <NumberInput
                    label={t('panel.minCabinPercent')}
                    value={form.minCabinPercent}
                    min={0}
                    max={100}
                    step={10}
                    suffix="%"
                    w={180}
                    onChange={(value) =>
                      set('minCabinPercent', Math.max(0, Math.min(100, Number(value) || 0)))
                    }
                    data-testid="search-mixed-percent"
                  />
                )}
              </Group>
            </Stack>
          </Collapse>
          {tracking && (
            <Switch
              label={t('trackingForm.keepTracking')}
              description={t('trackingForm.keepTrackingHint')}
              checked={keepTracking}
              onChange={(event) => setKeepTracking(event.currentTarget.checked)}
              data-testid="tracking-keep"
            />
          )}
          {ready && !member && !tracking && (
            <Text size="sm" c="blue.9" data-testid="search-visitor-note">
              {t('panel.visitorNote')}
            </Text>
          )}
          <Group justify="space-between" align="center">
            <Text size="xs" c="gray.7">
              {tracking
                ? t('trackingForm.note')
                : live
                  ? t('panel.liveNote')
                  : t('panel.sourceNote')}
            </Text>
            <Button type="submit" size="md" loading={busy} data-testid="search-submit">
              {tracking
                ? t('trackingForm.submit')
                : live
                  ? t('panel.liveSubmit')
                  : t('panel.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {askSignIn && (
        <Suspense fallback={null}>
          <SignInToSearch
            onChoose={signInToSearch}
            onClose={() => {
              setAskSignIn(false);
              dropPendingSearch();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
