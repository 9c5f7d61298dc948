/** One programme's page, /rewardslib/:programme and /hotelslib/:programme: its loader, head and guide. */
import {
  Alert,
  Box,
  Anchor,
  Badge,
  Container,
  Group,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ProgrammePage } from '../../../core/guides/contract.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { loaderFind } from '../../lib/loader-api.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { localize } from '../../../core/cards/card.ts';
import { SectionNav } from '../../components/section-nav.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { QuestionList } from '../../components/question-list.tsx';
import { useGuideFormat } from './guide-format.ts';
import { libraryPath } from './library-pages.tsx';
import { UnverifiedMarks } from './unverified-mark.tsx';
import { ChartSummary, PartnerAirlineList, PartnerTable, RulesTable } from './programme-tables.tsx';

/** A programme's guide, or null with status 404 for an address that names none of ours. */
type ProgrammeLoad = ProgrammePage | null;

async function loadProgramme({ context, params }: LoaderFunctionArgs) {
  const loaded = await loaderFind<ProgrammePage>(
    context,
    `/api/guides/${encodeURIComponent(params.programme ?? '')}`,
  );
  return loaded ? loaded : data<ProgrammeLoad>(null, { status: 404 });
}

/** A programme page's head: its name and overview, its FAQ as structured data, the way down from the library. */
function programmeHead({
  data: loaded,
  t,
  language,
  page,
}: PageHeadArgs<ProgrammeLoad>): Partial<PageHead> {
  const tg = (key: string) => t(key, { ns: 'guides' });
  if (!loaded)
    return {
      title: t(`pages:${page.id}.title`),
      description: tg('library.unknown'),
      noindex: true,
    };
  const { programme, guide } = loaded;
  const name = localize(programme.name, language);
  const library = programme.kind === 'hotel' ? 'hotelsLibrary' : 'rewardsLibrary';
  return {
    title: name,
    description: guide ? localize(guide.overview, language) : tg('library.noGuide'),
    type: 'article',
    breadcrumbs: [
      { name: t('brand'), path: '/' },
      { name: t(`pages:${library}.title`), path: libraryPath(programme.kind) },
      { name, path: `${libraryPath(programme.kind)}/${programme.id}` },
    ],
    ...(guide
      ? {
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'FAQPage',
              mainEntity: guide.faq.map((item) => ({
                '@type': 'Question',
                name: localize(item.q, language),
                acceptedAnswer: { '@type': 'Answer', text: localize(item.a, language) },
              })),
            },
          ],
        }
      : {}),
  };
}

/** /rewardslib/:programme and /hotelslib/:programme: one programme's guide, headed with its name. */
function ProgrammeGuidePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('guides');
  const loaded = useLoaderData() as ProgrammeLoad;
  if (!loaded) {
    return (
      <PageFrame page={page}>
        <Alert color="gray">{t('library.unknown')}</Alert>
      </PageFrame>
    );
  }
  return <ProgrammeGuide page={page} data={loaded} />;
}

export const programmeGuidePage = definePage<ProgrammeLoad>({
  Component: ProgrammeGuidePage,
  loader: loadProgramme,
  head: programmeHead,
});

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="xl" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function ProgrammeGuide({ page, data }: { page: PageDef; data: ProgrammePage }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const { programme, guide, chart } = data;
  const name = format.text(programme.name);
  return (
    <Container size="lg" py="xl" data-page={page.id} data-programme={programme.id}>
      <Stack gap="xl">
        <header>
          <SectionNav page={page} current={name} />
          <Title order={1} fz={{ base: 26, sm: 34 }} mt={4}>
            {name}
          </Title>
          {programme.owner && (
            <Text size="lg" c="gray.7" data-testid="programme-owner">
              {format.text(programme.owner.name)}
              {programme.owner.code ? ` · ${programme.owner.code}` : ''}
            </Text>
          )}
          <Group gap={6} mt="xs">
            {programme.alliance && (
              <Badge variant="light">{t(`library.alliances.${programme.alliance}`)}</Badge>
            )}
            <Badge variant="outline" color="gray">
              {t(`library.units.${programme.kind === 'hotel' ? 'points' : programme.currency}`)}
            </Badge>
          </Group>
          <Text size="lg" mt="sm" maw={760}>
            {guide ? format.text(guide.overview) : t('library.noGuide')}
          </Text>
        </header>

        {data.sale && (
          <Alert color="orange" title={t('library.saleTitle')} data-testid="programme-sale">
            {t('library.saleFrom', {
              terms: [
                ...(data.sale.discountPercent > 0
                  ? [t('library.saleDiscountTerm', { percent: data.sale.discountPercent })]
                  : []),
                ...(data.sale.topBonusPercent > 0
                  ? [t('library.saleBonusTerm', { percent: data.sale.topBonusPercent })]
                  : []),
              ].join(t('library.listSeparator')),
              price: format.price(
                data.sale.receivedPer1000.amount,
                data.sale.receivedPer1000.currency,
              ),
              end: format.date(data.sale.end),
            })}{' '}
            <Anchor
              component={Link}
              to={`/storefront/buy/${data.sale.programme}`}
              data-testid="programme-sale-link"
            >
              {t('library.saleLink')}
            </Anchor>
          </Alert>
        )}

        {guide && (
          <>
            <Section title={t('library.earn')} id="earn">
              <Text maw={760}>{format.text(guide.earn)}</Text>
              <UnverifiedMarks marks={guide.marks} part="earn" />
            </Section>
            <Section title={t('library.burn')} id="burn">
              <Text maw={760}>{format.text(guide.burn)}</Text>
              <UnverifiedMarks marks={guide.marks} part="burn" />
              {guide.sweetSpots.length > 0 && (
                <>
                  <Title order={3} fz="md" mt="md">
                    {t('library.sweetSpots')}
                  </Title>
                  <List mt={4} spacing={4}>
                    {guide.sweetSpots.map((spot, index) => (
                      <List.Item key={index}>{format.text(spot)}</List.Item>
                    ))}
                  </List>
                </>
              )}
            </Section>
          </>
        )}

        {chart && (
          <Section title={t('library.chart')} id="chart">
            <ChartSummary chart={chart} />
          </Section>
        )}

        {data.partnerAirlines && (
          <Section title={t('library.partnerAirlines')} id="partner-airlines">
            <PartnerAirlineList partners={data.partnerAirlines} />
          </Section>
        )}

        <Section title={t('library.transfersIn')} id="transfers-in">
          {data.transfersIn.length === 0 ? (
            <Text>{t('library.noTransfersIn')}</Text>
          ) : (
            <PartnerTable rows={data.transfersIn} side="from" />
          )}
          <Anchor
            component={Link}
            to={`/awardplus/transferpartner?to=${programme.id}`}
            size="sm"
            mt="xs"
            display="inline-block"
          >
            {t('library.lookup')}
          </Anchor>
        </Section>
        {data.transfersOut.length > 0 && (
          <Section title={t('library.transfersOut')} id="transfers-out">
            <PartnerTable rows={data.transfersOut} side="to" />
          </Section>
        )}

        {guide && (
          <Section title={t('library.rules')} id="rules">
            <RulesTable rules={guide.rules} marks={guide.marks} />
          </Section>
        )}

        {guide && (
          <Section title={t('library.faq')} id="faq">
            <Box maw={760}>
              <QuestionList
                questions={guide.faq.map((item, index) => ({
                  question: format.text(item.q),
                  answer: (
                    <>
                      <Text>{format.text(item.a)}</Text>
                      <UnverifiedMarks marks={guide.marks} part="faq" index={index} />
                    </>
                  ),
                }))}
              />
            </Box>
          </Section>
        )}

        {guide && (
          <Text size="sm" c="gray.7" maw={760}>
            {t('library.sources', { date: format.date(guide.asOf) })}{' '}
            {guide.sources.map((source, index) => (
              <Anchor
                key={source}
                href={source}
                target="_blank"
                rel="noreferrer"
                size="sm"
                c="inherit"
                underline="always"
                mr={6}
              >
                [{index + 1}]
              </Anchor>
            ))}
            {guide.unverified.length > 0 &&
              ` ${t('library.unverified', { count: guide.unverified.length })}`}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
