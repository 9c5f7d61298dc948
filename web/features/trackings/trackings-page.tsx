/* eslint-disable max-lines -- the list of trackings, its form and the stop page share one member's trackings and allowance. */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useSearchParams } from 'react-router';
import { MAX_STOPS, type AwardNames, type AwardQuery } from '../../../core/awards/search.ts';
import type {
  TrackingAllowance,
  TrackingStatus,
  TrackingView,
} from '../../../core/awards/tracking.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { usePopup } from '../../components/message-popup.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { errorMessage } from '../../lib/api-errors.ts';
import { useAuth } from '../auth/index.ts';
import { KeepTrackingSwitch } from './keep-tracking-switch.tsx';
import {
  AllowanceLine,
  ItineraryCard,
  QuerySummary,
  SearchPanel,
  clockTime,
  datesLabel,
  placeLanguage,
  trackingsApi,
  useLinkedForm,
} from '../awards/index.ts';

const STATUS_COLOR: Record<TrackingStatus, string> = {
  tracking: 'blue',
  notified: 'green',
  'change-notified': 'teal',
  expired: 'gray',
};

/** The filters beyond route, dates and cabin, when any is set. */
function filtersOf(
  query: AwardQuery,
  t: (key: string, values?: Record<string, unknown>) => string,
): string[] {
  return [
    t(`stops.max${MAX_STOPS[query.stops]}`),
    ...(query.airlines.length > 0
      ? [t('trackings.airlines', { airlines: query.airlines.join(', ') })]
      : []),
    ...(query.flightNumber ? [t('trackings.flight', { flight: query.flightNumber })] : []),
    ...(query.mixedCabin.allowed
      ? [t('trackings.mixed', { percent: query.mixedCabin.minPercent })]
      : []),
  ];
}

function TrackingCard({
  tracking,
  names,
  onDelete,
  onChanged,
}: {
  tracking: TrackingView;
  names: AwardNames;
  onDelete: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const { changes } = tracking;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="tracking"
      data-status={tracking.status}
      data-id={tracking.id}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <QuerySummary query={tracking.query} names={names} testId="tracking-route" />
          <Badge
            color={STATUS_COLOR[tracking.status]}
            variant="light"
            data-testid="tracking-status"
          >
            {t(`trackings.status.${tracking.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          {filtersOf(tracking.query, t).join(' · ')}
        </Text>
        <KeepTrackingSwitch tracking={tracking} onChanged={onChanged} />
        <Text size="sm" data-testid="tracking-matches">
          {t('trackings.matched', {
            flights: tracking.matchedFlights,
            awards: tracking.matchedAwards,
          })}{' '}
          ·{' '}
          {t('trackings.changes', { added: changes.flightsAdded, removed: changes.flightsRemoved })}
        </Text>
        <Text size="xs" c="gray.7" data-testid="tracking-checked">
          {tracking.lastCheckedAt
            ? t('trackings.lastCheck', { time: clockTime(tracking.lastCheckedAt, language) })
            : t('trackings.notChecked')}
          {tracking.notifiedAt
            ? ` · ${t('trackings.notifiedAt', { time: clockTime(tracking.notifiedAt, language) })}`
            : ''}{' '}
          · {t('trackings.daysHeld', { count: tracking.days })}
        </Text>
        {tracking.lastCheckProblem && (
          <Text size="xs" c="orange.8">
            {t('trackings.checkProblem')}
          </Text>
        )}
        <Group gap="sm" mt={4}>
          <Button
            component={Link}
            to={`/awardplus/scraping/alert?tracking=${tracking.id}`}
            variant="light"
            size="xs"
            data-testid="tracking-flights"
          >
            {t('trackings.seeFlights')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={onDelete}
            data-testid="tracking-delete"
          >
            {t('trackings.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * 'View all trackings' (docs/product/trackings.md#pages): the member's trackings with status, last
 * check, counts and a link to the matching flights, the tracking days left, and the form to add
 * one.
 */
export function TrackingList({ withForm = true }: { withForm?: boolean }) {
  const { t } = useTranslation('awards');
  const { t: tc, i18n } = useTranslation();
  const { language } = useAppState();
  const popup = usePopup();
  const [params] = useSearchParams();
  const initial = useLinkedForm();
  const [data, setData] = useState<{
    trackings: TrackingView[];
    allowance: TrackingAllowance;
    names: AwardNames;
  } | null>(null);
  const [failed, setFailed] = useState(false);
  const [created, setCreated] = useState(false);

  const load = useCallback(() => {
    trackingsApi.list(placeLanguage(language)).then(
      (answer) => {
        setData(answer);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [language]);
  useEffect(load, [load]);

  const remove = async (tracking: TrackingView) => {
    const sure = await popup.show({
      title: t('trackings.deleteTitle'),
      message: t('trackings.deleteBody'),
      mode: 'yesno',
      confirmLabel: t('trackings.delete'),
      cancelLabel: tc('popup.cancel'),
    });
    if (!sure) return;
    try {
      await trackingsApi.remove(tracking.id);
      load();
    } catch (error) {
      await popup.show({
        title: tc('errors.title'),
        message: errorMessage(error, tc, (key) => i18n.exists(key)),
        confirmLabel: tc('popup.gotIt'),
      });
    }
  };

  return (
    <Stack gap="lg" data-testid="trackings-page">
      {withForm && initial && (
        <SearchPanel
          key={params.toString()}
          initial={initial}
          tracking={{
            allowance: data?.allowance ?? null,
            fromSearch: params.get('search'),
            onCreated: () => {
              setCreated(true);
              load();
            },
          }}
        />
      )}
      {created && (
        <Alert
          color="green"
          title={t('trackings.createdTitle')}
          data-testid="tracking-created"
          withCloseButton
          onClose={() => setCreated(false)}
        >
          {t('trackings.createdBody')}
        </Alert>
      )}
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="xl">
          {t('trackings.listTitle')}
        </Title>
        {data && (
          <Text size="sm" c="gray.7" data-testid="tracking-limit">
            {t('trackings.limit', { count: data.allowance.days })}
          </Text>
        )}
      </Group>
      {!withForm && <AllowanceLine allowance={data?.allowance ?? null} />}
      {failed && <Alert color="red">{tc('errors.generic')}</Alert>}
      {!data && !failed && <Loader size="sm" />}
      {data && data.trackings.length === 0 && (
        <Text c="gray.7" data-testid="trackings-empty">
          {t('trackings.empty')}
        </Text>
      )}
      {data?.trackings.map((tracking) => (
        <TrackingCard
          key={tracking.id}
          tracking={tracking}
          names={data.names}
          onDelete={() => void remove(tracking)}
          onChanged={load}
        />
      ))}
      {data && data.allowance.plan !== 'sponsor-more' && (
        <Text size="sm" c="gray.7">
          {t('trackings.moreDays')}{' '}
          <Anchor component={Link} to="/support-tripplus">
            {t('trackings.sponsorLink')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

/** One tracking and the flights it matched at its last check. */
function TrackingDetail({ id }: { id: string }) {
  const { t } = useTranslation('awards');
  const { t: tc } = useTranslation();
  const { language } = useAppState();
  const [answer, setAnswer] = useState<
    { tracking: TrackingView; names: AwardNames } | null | 'missing'
  >(null);
  useEffect(() => {
    let live = true;
    trackingsApi.get(id, placeLanguage(language)).then(
      (result) => live && setAnswer(result),
      () => live && setAnswer('missing'),
    );
    return () => {
      live = false;
    };
  }, [id, language]);
  const back = (
    <Anchor component={Link} to="/awardplus/scraping/alert" data-testid="trackings-back">
      {t('trackings.back')}
    </Anchor>
  );
  if (answer === null) return <Loader size="sm" />;
  if (answer === 'missing')
    return (
      <Stack>
        <Alert color="yellow">{tc('errors.NOT_FOUND')}</Alert>
        {back}
      </Stack>
    );
  const { tracking, names } = answer;
  return (
    <Stack gap="md" data-testid="tracking-detail" data-status={tracking.status}>
      {back}
      <QuerySummary query={tracking.query} names={names} testId="tracking-route" />
      <Badge color={STATUS_COLOR[tracking.status]} variant="light" w="fit-content">
        {t(`trackings.status.${tracking.status}`)}
      </Badge>
      <KeepTrackingSwitch
        tracking={tracking}
        onChanged={(changed) => setAnswer({ tracking: changed, names })}
      />
      <Text size="sm">
        {t('trackings.matched', {
          flights: tracking.matchedFlights,
          awards: tracking.matchedAwards,
        })}{' '}
        ·{' '}
        {tracking.lastCheckedAt
          ? t('trackings.lastCheck', { time: clockTime(tracking.lastCheckedAt, language) })
          : t('trackings.notChecked')}
      </Text>
      {tracking.flights.length === 0 ? (
        <Text c="gray.7" data-testid="tracking-no-flights">
          {t('trackings.noFlights')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {t('trackings.flightsShown', {
              count: tracking.flights.length,
              total: tracking.matchedFlights,
            })}
          </Text>
          {tracking.flights.map((itinerary) => (
            <ItineraryCard
              key={itinerary.id}
              itinerary={itinerary}
              names={names}
              programme={null}
            />
          ))}
        </>
      )}
    </Stack>
  );
}

/** Visitors are asked to log in (docs/product/README.md#roles: tracking needs a member). */
function LoginToTrack() {
  const { t } = useTranslation('awards');
  const { openLogin } = useAuth();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="trackings-login">
      <Stack gap="sm">
        <Text>{t('trackings.loginNeeded')}</Text>
        <Button w="fit-content" onClick={() => openLogin({ mode: 'login', from: 'tracking' })}>
          {t('trackings.loginButton')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /awardplus/scraping/alert: create a tracking and 'View all trackings'; `?tracking=` shows one. */
export function TrackingsPage({ page }: { page: PageDef }) {
  const { member, ready } = useAuth();
  const [params] = useSearchParams();
  const id = params.get('tracking');
  return (
    <PageFrame page={page} showHighlights={ready && !member}>
      {ready && !member && <LoginToTrack />}
      {member && (id ? <TrackingDetail id={id} /> : <TrackingList />)}
    </PageFrame>
  );
}

/** /profilepage/tracking: the same list in the profile area. */
export function ProfileTrackingsPage({ page }: { page: PageDef }) {
  const { member } = useAuth();
  return <PageFrame page={page}>{member && <TrackingList withForm={false} />}</PageFrame>;
}

/**
 * /awardplus/scraping/alert/stop: where a tracking e-mail's stop link lands. One click is enough:
 * the page posts the signed stop at once (a GET never changes anything, and mail scanners that
 * fetch links do not run the page), then says which tracking stopped.
 */
export function TrackingStopPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('awards');
  const { t: tc, i18n } = useTranslation();
  const { language } = useAppState();
  const [params] = useSearchParams();
  const [state, setState] = useState<
    | { phase: 'stopping' }
    | { phase: 'stopped' | 'already'; query: AwardQuery | null }
    | { phase: 'failed'; message: string }
  >({ phase: 'stopping' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const tracking = params.get('tracking') ?? '';
    const signature = params.get('signature') ?? '';
    // A link cut short (no tracking or signature) is refused here, without asking the server.
    if (!/^[0-9a-f-]{36}$/i.test(tracking) || !/^[\w-]{20,100}$/.test(signature)) {
      setState({ phase: 'failed', message: tc('errors.TRACKING_LINK_INVALID') });
      return;
    }
    trackingsApi.stop(tracking, signature).then(
      (answer) => setState({ phase: answer.stopped ? 'stopped' : 'already', query: answer.query }),
      (error: unknown) =>
        setState({ phase: 'failed', message: errorMessage(error, tc, (key) => i18n.exists(key)) }),
    );
  }, [params, tc, i18n]);
  const route =
    state.phase === 'stopped' && state.query
      ? `${state.query.origin} → ${state.query.destination}, ${datesLabel(state.query.dates, language)}`
      : '';
  return (
    <PageFrame page={page}>
      <Stack gap="md" data-testid="tracking-stop" data-phase={state.phase}>
        {state.phase === 'stopping' && <Loader size="sm" />}
        {state.phase === 'stopped' && (
          <Alert color="green" title={t('stop.stoppedTitle')}>
            {t('stop.stopped', { route })}
          </Alert>
        )}
        {state.phase === 'already' && <Alert color="blue">{t('stop.already')}</Alert>}
        {state.phase === 'failed' && <Alert color="red">{state.message}</Alert>}
        <Anchor component={Link} to="/awardplus/scraping/alert">
          {t('stop.manage')}
        </Anchor>
      </Stack>
    </PageFrame>
  );
}
