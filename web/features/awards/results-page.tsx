import { Alert, Anchor, Box, Button, Grid, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MAX_STOPS, SEARCH_ALLIANCES, type SearchAlliance } from '../../../core/awards/search.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { ProgressLoader } from '../../components/progress-loader.tsx';
import { usePopup } from '../../components/message-popup.tsx';
import { errorMessage } from '../../lib/api-errors.ts';
import { useAuth } from '../auth/index.ts';
import { awardsApi, placeLanguage } from './awards-api.ts';
import { requestOfQuery, trackingLink } from './search-form.ts';
import classes from './results-page.module.css';
import { AwardCalendar } from './award-calendar.tsx';
import { BetaGate } from './beta-gate.tsx';
import { NearbyDays } from './nearby-days.tsx';
import { QuerySummary } from './query-summary.tsx';
import { ResultsView } from './results-view.tsx';
import { QuotaLine, useQuota } from './search-panel.tsx';
import { useAwardSearch, type SearchState } from './use-award-search.ts';

/** The scanning message of docs/product/award-search.md#states-and-messages, alliance by alliance as the stream reports. */
function Progress({ state }: { state: SearchState }) {
  const { t } = useTranslation('awards');
  const alliances = (
    state.answer?.query.alliance ? [state.answer.query.alliance] : SEARCH_ALLIANCES
  ) as SearchAlliance[];
  const settled = alliances.filter(
    (alliance) =>
      state.alliances[alliance]?.state === 'done' || state.alliances[alliance]?.state === 'down',
  ).length;
  return (
    <Stack gap="sm" data-testid="search-progress" data-phase={state.phase}>
      <ProgressLoader
        status={state.phase === 'searching' ? t('states.searching') : t('states.scanning')}
        percent={
          state.phase === 'searching' ? undefined : Math.round((settled / alliances.length) * 100)
        }
      />
      <List spacing={4} size="sm" center>
        {alliances.map((alliance) => {
          const progress = state.alliances[alliance];
          const text = !progress
            ? t('states.allianceWaiting', { alliance: t(`alliances.${alliance}`) })
            : progress.state === 'scanning'
              ? t('states.allianceScanning', { alliance: t(`alliances.${alliance}`) })
              : progress.state === 'done'
                ? t('states.allianceDone', {
                    alliance: t(`alliances.${alliance}`),
                    count: progress.found ?? 0,
                  })
                : t('states.allianceDown', { alliance: t(`alliances.${alliance}`) });
          return (
            <List.Item
              key={alliance}
              data-testid={`progress-${alliance}`}
              data-state={progress?.state ?? 'waiting'}
            >
              {text}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

/** A failed or lost search, with its message from docs/product/award-search.md#states-and-messages, named so tests and people can tell them apart. */
function FailedSearch({ state, onAgain }: { state: SearchState; onAgain: () => void }) {
  const { t } = useTranslation('awards');
  const { t: tc } = useTranslation();
  const kind =
    state.phase === 'lost' || state.error === 'SEARCH_UNAVAILABLE'
      ? 'unstable'
      : state.error === 'SEARCH_TIMEOUT'
        ? 'timeout'
        : state.error === 'INVALID_AWARD_QUERY'
          ? 'invalid'
          : state.error === 'NOT_FOUND'
            ? 'not-found'
            : 'error';
  const message = {
    unstable: tc('errors.SEARCH_UNAVAILABLE'),
    timeout: tc('errors.SEARCH_TIMEOUT'),
    invalid: tc('errors.INVALID_AWARD_QUERY'),
    'not-found': t('states.notFound'),
    error: t('states.exception'),
  }[kind];
  return (
    <Alert
      color={kind === 'timeout' || kind === 'unstable' ? 'orange' : 'red'}
      title={t(`states.${kind === 'not-found' ? 'notFoundTitle' : `${kind}Title`}`)}
      data-testid="search-state"
      data-state={kind}
    >
      <Stack gap="sm">
        <Text>{message}</Text>
        <Button variant="white" w="fit-content" onClick={onAgain} data-testid="search-again">
          {t('states.searchAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Results of a search (`?id=`): streamed progress, then best and other flights, the alliance-down
 * notice, no award on the dates, or the failure; and the route's award calendar.
 */
export function ResultsPage({ page, live = false }: { page: PageDef; live?: boolean }) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const { member, ready } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = member ? params.get('id') : null;
  const state = useAwardSearch(id, placeLanguage(language));
  const { quota } = useQuota();
  const panelPath = live ? '/awardplus/scraping' : '/awardplus/redemption';
  const query = state.answer?.query;
  const again = () => navigate(panelPath);
  const { t: tc, i18n } = useTranslation();
  const popup = usePopup();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [picking, setPicking] = useState<string | null>(null);

  // A day picked in the calendar is searched at once with the same filters, on this page.
  const pickDay = async (date: string) => {
    if (!query) return;
    setPicking(date);
    try {
      const started = await awardsApi.start(requestOfQuery(query, { from: date, to: date }, live));
      setCalendarOpen(false);
      navigate(`${page.path}?id=${started.id}`);
    } catch (error) {
      await popup.show({
        title: tc('errors.title'),
        message: errorMessage(error, tc, (key) => i18n.exists(key)),
        confirmLabel: tc('popup.gotIt'),
      });
    } finally {
      setPicking(null);
    }
  };

  if (!ready) return <PageFrame page={page} />;
  if (!member)
    return (
      <PageFrame page={page}>
        <BetaGate live={false} />
      </PageFrame>
    );
  if (live && quota && !quota.scrapingEnabled)
    return (
      <PageFrame page={page}>
        <BetaGate live requested={quota.scrapingRequested} />
      </PageFrame>
    );

  const noticed = (code: 'alliance-down' | 'alliance-maintenance') =>
    state.answer?.notices.flatMap((notice) => (notice.code === code ? [notice.alliance] : [])) ??
    [];
  const down = noticed('alliance-down');
  const resting = noticed('alliance-maintenance');
  const names = (alliances: readonly string[]) =>
    alliances.map((alliance) => t(`alliances.${alliance}`)).join(', ');
  return (
    <PageFrame page={page}>
      <Stack gap="lg" data-testid="results-page" data-phase={state.phase}>
        <Group justify="space-between" align="center" wrap="wrap">
          {query && state.answer ? (
            <QuerySummary
              query={query}
              names={state.answer.names}
              size="lg"
              testId="query-summary"
            />
          ) : (
            <span />
          )}
          <Group gap="md">
            <QuotaLine
              quota={
                quota
                  ? { ...quota, daysLeft: state.answer?.quota.daysLeft ?? quota.daysLeft }
                  : null
              }
            />
            {query && state.answer && (
              <Anchor
                component={Link}
                to={trackingLink(query, state.answer.id)}
                data-testid="track-this"
              >
                {t('result.track')}
              </Anchor>
            )}
            <Anchor component={Link} to={panelPath} data-testid="new-search">
              {t('result.newSearch')}
            </Anchor>
          </Group>
        </Group>
        <Grid gap="lg">
          {query && (
            // On a wide screen the calendar sits beside the results; on a phone it folds above them.
            <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
              <Button
                variant="light"
                fullWidth
                hiddenFrom="lg"
                onClick={() => setCalendarOpen((open) => !open)}
                aria-expanded={calendarOpen}
                aria-controls="results-calendar"
                data-testid="calendar-toggle"
              >
                {calendarOpen ? t('calendar.hide') : t('calendar.show')}
              </Button>
              <Box
                id="results-calendar"
                className={classes.calendar}
                data-open={calendarOpen}
                mt={{ base: 'sm', lg: 0 }}
                aria-busy={picking !== null}
              >
                <AwardCalendar
                  query={{
                    origin: query.origin,
                    destination: query.destination,
                    cabin: query.cabin,
                    seats: query.seats,
                    stops: MAX_STOPS[query.stops],
                    alliance: query.alliance ?? undefined,
                    month: query.dates.from.slice(0, 7),
                  }}
                  selected={query.dates}
                  onPickDay={(date) => void pickDay(date)}
                />
              </Box>
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, lg: query ? 8 : 12 }} order={{ base: 2, lg: 1 }}>
            <Stack gap="lg">
              {(state.phase === 'searching' || state.phase === 'scanning') && (
                <Progress state={state} />
              )}
              {(state.phase === 'failed' || state.phase === 'lost') && (
                <FailedSearch state={state} onAgain={() => again()} />
              )}
              {state.phase === 'done' && state.answer && (
                <>
                  {resting.length > 0 && (
                    <Alert
                      color="yellow"
                      title={t('states.allianceMaintenanceTitle')}
                      data-testid="notice-alliance-maintenance"
                    >
                      {t('states.allianceMaintenanceBody', {
                        resting: names(resting),
                        shown: names(state.answer.alliances),
                      })}
                    </Alert>
                  )}
                  {down.length > 0 && (
                    <Alert
                      color="yellow"
                      title={t('states.allianceDownTitle')}
                      data-testid="notice-alliance-down"
                    >
                      {t('states.allianceDownBody', {
                        down: names(down),
                        shown: names(state.answer.alliances),
                      })}
                    </Alert>
                  )}
                  {state.answer.results.length === 0 ? (
                    <Alert
                      color="blue"
                      title={t('states.noAwardTitle')}
                      data-testid="search-state"
                      data-state="no-award"
                    >
                      <Stack gap="sm">
                        <Text size="sm">{t('states.noAward')}</Text>
                        {query && (
                          <NearbyDays
                            query={query}
                            onPickDay={(date) => void pickDay(date)}
                            picking={picking}
                          />
                        )}
                      </Stack>
                    </Alert>
                  ) : (
                    <ResultsView answer={state.answer} />
                  )}
                </>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </PageFrame>
  );
}
