import { Anchor, Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import type { ProgrammeRules } from '../../../core/guides/guide.ts';
import { LIMITS } from '../../../core/limits.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { NumberedSections, sectionsOf } from '../../components/numbered-sections.tsx';
import type { LibraryEntry, ProgrammePage } from '../../../core/guides/contract.ts';
import type { HotelTheme } from '../../../core/guides/guide.ts';
import { loaderGet } from '../../lib/loader-api.ts';
import { definePage } from '../../lib/page-module.ts';
import { RulesTable, ScrollTable, useGuideFormat } from '../guides/index.ts';

/** The programme each tutorial teaches, and its anchor in the storefront's terms. */
const TUTORIALS = {
  storefrontLifemilesTutorial: { key: 'lifemiles', programme: 'avianca-lifemiles' },
  storefrontAviosTutorial: { key: 'avios', programme: 'ba-avios' },
} as const;

const linesOf = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

/** The guide of the programme a page teaches or quotes; its rules are the tutorial's and the terms' figures. */
const loadGuideOf =
  (programme: string) =>
  ({ context }: LoaderFunctionArgs): Promise<ProgrammePage> =>
    loaderGet<ProgrammePage>(context, `/api/guides/${programme}`, { cache: true });

/** /storefront/lifemiles/tutorial and /storefront/avios/tutorial: steps, tips and the programme's rules from its guide. */
function TutorialPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('tutorials');
  const tutorial = TUTORIALS[page.id as keyof typeof TUTORIALS];
  const programme = useLoaderData() as ProgrammePage;
  const steps = sectionsOf(t(`${tutorial.key}.steps`, { returnObjects: true }));
  const tips = linesOf(t(`${tutorial.key}.tips`, { returnObjects: true }));
  return (
    <PageFrame page={page}>
      <Text maw={760}>{t(`${tutorial.key}.intro`)}</Text>
      <ol style={{ margin: 0, paddingInlineStart: 24, maxWidth: 760 }} data-testid="tutorial-steps">
        {steps.map((step, index) => (
          <li key={index} style={{ marginBottom: 16 }}>
            <Title order={2} fz="lg">
              {step.heading}
            </Title>
            <Text mt={4}>{step.body}</Text>
          </li>
        ))}
      </ol>
      <Paper withBorder p="md" radius="md" maw={760}>
        <Stack gap={6}>
          {tips.map((tip, index) => (
            <Text key={index} size="sm">
              • {tip}
            </Text>
          ))}
        </Stack>
      </Paper>
      <section aria-labelledby="tutorial-rules">
        <Title order={2} fz="xl" id="tutorial-rules" mb="xs">
          {t(`${tutorial.key}.rulesTitle`)}
        </Title>
        {programme.guide && <RulesTable rules={programme.guide.rules} />}
        <Anchor
          component={Link}
          to={`/storefront/tos#${tutorial.key}`}
          mt="sm"
          display="inline-block"
          data-testid="tutorial-terms-link"
        >
          {t(`${tutorial.key}.termsLink`)}
        </Anchor>
      </section>
    </PageFrame>
  );
}

/** The LifeMiles figures the storefront's terms quote, from its guide so the two never differ. */
function lifemilesTerms(
  rules: ProgrammeRules | undefined,
  price: (amount: number, currency: string) => string,
  number: (value: number) => string,
) {
  return {
    hours: LIMITS.crediting.firstPurchaseDelayHours,
    annualCap:
      rules?.purchase && typeof rules.purchase.annualCap === 'object'
        ? number(
            'miles' in rules.purchase.annualCap
              ? rules.purchase.annualCap.miles
              : rules.purchase.annualCap.lowest,
          )
        : '—',
    validityMonths: rules?.validity?.months ?? '—',
    fee: rules?.partnerRedemptionFee
      ? price(rules.partnerRedemptionFee.fee.amount, rules.partnerRedemptionFee.fee.currency)
      : '—',
    changeHours: rules?.partnerRedemptionFee?.freeChangeHours ?? '—',
    holdHours: rules?.seatHold?.hours ?? '—',
    stopoverDays: rules?.stopover?.maxDays ?? '—',
  };
}

/** /storefront/tos: the terms of sale, each section anchored (#lifemiles, #avios) for the tutorials' links. */
function StorefrontTermsPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('tutorials');
  const format = useGuideFormat();
  const { hash } = useLocation();
  const lifemiles = useLoaderData() as ProgrammePage;
  const sections = sectionsOf(
    t('terms.sections', {
      returnObjects: true,
      ...lifemilesTerms(lifemiles.guide?.rules, format.price, (value) => format.number(value, 0)),
    }),
  );

  // The router does not scroll to an anchor; once the sections are drawn, go to the one asked for.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <PageFrame page={page}>
      <NumberedSections updated={t('terms.updated')} sections={sections} />
    </PageFrame>
  );
}

interface ThemesLoad {
  themes: HotelTheme[];
  hotels: LibraryEntry[];
}

async function loadThemes({ context }: LoaderFunctionArgs): Promise<ThemesLoad> {
  const [themes, hotels] = await Promise.all([
    loaderGet<{ themes: HotelTheme[] }>(context, '/api/hotel-themes', { cache: true }),
    loaderGet<{ programmes: LibraryEntry[] }>(context, '/api/guides?kind=hotel', { cache: true }),
  ]);
  return { themes: themes.themes, hotels: hotels.programmes };
}

/** /storefront/themes: hotel stays by theme, with each hotel's points per night and its programme. */
function HotelThemesPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const { themes, hotels } = useLoaderData() as ThemesLoad;
  const programmeName = (id: string) => {
    const entry = hotels.find((candidate) => candidate.id === id);
    return entry ? format.text(entry.name) : id;
  };
  return (
    <PageFrame page={page}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" maw={760}>
        {themes.map((theme) => (
          <Anchor key={theme.id} href={`#${theme.id}`} size="sm">
            {format.text(theme.name)}
          </Anchor>
        ))}
      </SimpleGrid>
      {themes.map((theme) => (
        <section
          key={theme.id}
          id={theme.id}
          aria-labelledby={`${theme.id}-title`}
          data-testid="hotel-theme"
          style={{ scrollMarginTop: 80 }}
        >
          <Title order={2} fz="xl" id={`${theme.id}-title`}>
            {format.text(theme.name)}
          </Title>
          <Text mt={4} mb="sm" maw={760}>
            {format.text(theme.description)}
          </Text>
          <ScrollTable label={format.text(theme.name)} minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('themes.hotel')}</Table.Th>
                  <Table.Th>{t('themes.city')}</Table.Th>
                  <Table.Th>{t('themes.programme')}</Table.Th>
                  <Table.Th>{t('themes.points')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {theme.hotels.map((hotel) => (
                  <Table.Tr key={hotel.name.en}>
                    <Table.Td>
                      {format.text(hotel.name)}
                      {hotel.note && (
                        <Text size="xs" c="gray.7">
                          {format.text(hotel.note)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{format.text(hotel.city)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/hotelslib/${hotel.programme}`}>
                        {programmeName(hotel.programme)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {hotel.pointsPerNight.min === hotel.pointsPerNight.max
                        ? format.number(hotel.pointsPerNight.min, 0)
                        : t('themes.range', {
                            min: format.number(hotel.pointsPerNight.min, 0),
                            max: format.number(hotel.pointsPerNight.max, 0),
                          })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </section>
      ))}
      <Text size="sm" c="gray.7" component="div">
        <Badge variant="light" color="gray" mr={6}>
          {t('themes.approximate')}
        </Badge>
        {t('themes.note')}
      </Text>
    </PageFrame>
  );
}

export const lifemilesTutorialPage = definePage<ProgrammePage>({
  Component: TutorialPage,
  loader: loadGuideOf(TUTORIALS.storefrontLifemilesTutorial.programme),
});
export const aviosTutorialPage = definePage<ProgrammePage>({
  Component: TutorialPage,
  loader: loadGuideOf(TUTORIALS.storefrontAviosTutorial.programme),
});
export const storefrontTermsPage = definePage<ProgrammePage>({
  Component: StorefrontTermsPage,
  loader: loadGuideOf('avianca-lifemiles'),
});
export const hotelThemesPage = definePage<ThemesLoad>({
  Component: HotelThemesPage,
  loader: loadThemes,
});
