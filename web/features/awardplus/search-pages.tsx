import { Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CABINS, type Cabin } from '../../../core/awards/search.ts';
import { useAppState } from '../../app/app-context.tsx';
import type { PageDef } from '../../app/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { awardsApi, placeLanguage } from './awards-api.ts';
import { BetaGate } from './beta-gate.tsx';
import { ResultsPage } from './results-page.tsx';
import { SearchPanel, useQuota } from './search-panel.tsx';
import type { PlaceChoice, SearchForm } from './search-form.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The place a code in a link names, looked up in the page's language. */
async function placeOfCode(code: string | null, language: ReturnType<typeof placeLanguage>): Promise<PlaceChoice | null> {
  if (!code || !/^[A-Za-z]{3}$/.test(code)) return null;
  const places = await awardsApi.places(code, language).catch(() => []);
  return places.find((place) => place.code === code.toUpperCase()) ?? null;
}

/**
 * What a link may fill in: `?from=LAX&to=TPE&date=2026-12-21&cabin=business` (the landing's
 * samples, a calendar day). Null until the places are looked up, so the panel starts once.
 */
function useLinkedForm(): Partial<SearchForm> | null {
  const [params] = useSearchParams();
  const { language } = useAppState();
  const [initial, setInitial] = useState<Partial<SearchForm> | null>(null);
  const key = params.toString();
  useEffect(() => {
    let live = true;
    const from = params.get('from');
    const to = params.get('to');
    const date = params.get('date');
    const cabin = params.get('cabin');
    void Promise.all([placeOfCode(from, placeLanguage(language)), placeOfCode(to, placeLanguage(language))]).then(([origin, destination]) => {
      if (!live) return;
      const form: Partial<SearchForm> = {};
      if (origin) form.origin = origin;
      if (destination) form.destination = destination;
      if (date && DATE.test(date)) Object.assign(form, { startDate: date, endDate: date, dateMode: 'single' });
      if (cabin && (CABINS as readonly string[]).includes(cabin)) form.cabin = cabin as Cabin;
      setInitial(form);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the parameters' text
  }, [key, language]);
  return initial;
}

/** /awardplus/redemption and /redemption/s: the panel 'Search for one-way award tickets'. */
export function RedemptionSearchPage({ page }: { page: PageDef }) {
  const initial = useLinkedForm();
  return (
    <PageFrame page={page} showHighlights={false}>
      <Stack>{initial && <SearchPanel initial={initial} key={JSON.stringify(initial)} />}</Stack>
    </PageFrame>
  );
}

export function RedemptionResultPage({ page }: { page: PageDef }) {
  return <ResultsPage page={page} />;
}

/** /awardplus/scraping: the live scan, for accounts enabled in the closed beta. */
export function ScrapingPage({ page }: { page: PageDef }) {
  const { member, ready } = useAuth();
  const { quota } = useQuota();
  const initial = useLinkedForm();
  const enabled = member && quota?.scrapingEnabled;
  return (
    <PageFrame page={page} showHighlights={!enabled}>
      {ready && (!member || (quota && !quota.scrapingEnabled)) && <BetaGate live />}
      {enabled && initial && <SearchPanel live initial={initial} />}
    </PageFrame>
  );
}

export function ScrapingResultPage({ page }: { page: PageDef }) {
  return <ResultsPage page={page} live />;
}
