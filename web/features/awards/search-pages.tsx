import { Stack } from '@mantine/core';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useAuth } from '../auth/index.ts';
import { BetaGate } from './beta-gate.tsx';
import { ResultsPage } from './results-page.tsx';
import { SearchPanel, useQuota } from './search-panel.tsx';
import { useLinkedForm } from './use-linked-form.ts';

/** /awardplus/redemption and /redemption/s: the panel 'Search for one-way award tickets'. */
export function RedemptionSearchPage({ page }: { page: PageDef }) {
  const initial = useLinkedForm();
  return (
    <PageFrame page={page}>
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
      {ready && (!member || (quota && !quota.scrapingEnabled)) && (
        <BetaGate live requested={quota?.scrapingRequested ?? false} />
      )}
      {enabled && initial && <SearchPanel live initial={initial} />}
    </PageFrame>
  );
}

export function ScrapingResultPage({ page }: { page: PageDef }) {
  return <ResultsPage page={page} live />;
}
