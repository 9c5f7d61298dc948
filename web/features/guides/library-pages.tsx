/** The programme libraries, /rewardslib and /hotelslib: every programme, by alliance, with a search box. */
import { Badge, Card, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { LibraryEntry } from '../../../core/guides/contract.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useGuideFormat } from './guide-format.ts';

// The storefront's tutorials take the rules table from here.
export { RulesTable } from './programme-tables.tsx';

export const libraryPath = (kind: 'airline' | 'hotel') =>
  kind === 'hotel' ? '/hotelslib' : '/rewardslib';

const kindOfPage = (page: PageDef): 'airline' | 'hotel' =>
  page.id === 'hotelsLibrary' || page.id === 'hotelsLibraryProgramme' ? 'hotel' : 'airline';

type LibraryLoad = LibraryEntry[];

/**
 * Whether a programme matches what was typed: its name or its airline's or hotel group's in any
 * language (so Traditional and Simplified both find it), or the airline's code.
 */
export function matchesSearch(entry: LibraryEntry, typed: string): boolean {
  const words = typed.trim().toLowerCase();
  if (!words) return true;
  const names = [...Object.values(entry.name), ...Object.values(entry.owner?.name ?? {})];
  return (
    names.some((name) => name.toLowerCase().includes(words)) ||
    entry.owner?.code?.toLowerCase() === words ||
    entry.id.includes(words)
  );
}

async function loadLibrary({ context, request }: LoaderFunctionArgs): Promise<LibraryLoad> {
  const kind = new URL(request.url).pathname.startsWith('/hotelslib') ? 'hotel' : 'airline';
  const answer = await loaderGet<{ programmes: LibraryEntry[] }>(
    context,
    `/api/guides?kind=${kind}`,
    { cache: true },
  );
  return answer.programmes;
}

/** /rewardslib and /hotelslib: every programme, airlines by alliance, with a search box. */
function LibraryPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const kind = kindOfPage(page);
  const entries = useLoaderData() as LibraryLoad;
  const [search, setSearch] = useState('');
  const shown = entries.filter((entry) => matchesSearch(entry, search));
  const groups: [string, LibraryEntry[]][] =
    kind === 'hotel'
      ? [[t('library.hotelGroup'), shown]]
      : (['star', 'oneworld', 'skyteam', null] as const).map((alliance) => [
          t(`library.alliances.${alliance ?? 'none'}`),
          shown.filter((entry) => entry.alliance === alliance),
        ]);

  return (
    <PageFrame page={page}>
      <TextInput
        label={t('library.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={360}
        data-testid="library-search"
      />
      {groups
        .filter(([, list]) => list.length > 0)
        .map(([label, list]) => (
          <section key={label} aria-label={label}>
            <Title order={2} fz="lg" mb="xs">
              {label}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
              {list.map((entry) => (
                <Card
                  key={entry.id}
                  withBorder
                  padding="sm"
                  component={Link}
                  to={`${libraryPath(entry.kind)}/${entry.id}`}
                  data-testid="library-entry"
                  data-programme={entry.id}
                >
                  <Text fw={600}>{format.text(entry.name)}</Text>
                  {entry.owner && (
                    <Text size="sm" c="gray.7" data-testid="library-owner">
                      {format.text(entry.owner.name)}
                      {entry.owner.code ? ` · ${entry.owner.code}` : ''}
                    </Text>
                  )}
                  <Group gap={6} mt={6}>
                    {entry.hasGuide && (
                      <Badge size="sm" variant="light">
                        {t('library.hasGuide')}
                      </Badge>
                    )}
                    {entry.hasChart && (
                      <Badge size="sm" variant="outline" color="teal.9">
                        {t('library.hasChart')}
                      </Badge>
                    )}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        ))}
      {shown.length === 0 && <Text>{t('library.noMatch')}</Text>}
    </PageFrame>
  );
}

export const libraryPage = definePage<LibraryLoad>({ Component: LibraryPage, loader: loadLibrary });
