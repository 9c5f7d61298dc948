import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import { LIMITS } from '../../../core/limits.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { CARD_HOST_HOME, PAGES, isLinkable } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { trackEvent } from '../../lib/analytics.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';

const FEATURES = [
  { key: 'search', to: '/awardplus' },
  { key: 'tracking', to: '/awardplus/scraping/alert' },
  { key: 'explorer', to: '/awardplus/redemption/e' },
  { key: 'cards', to: '/cardplus' },
  { key: 'storefront', to: '/storefront' },
  { key: 'guides', to: '/rewardslib' },
] as const;

function Landing() {
  const { t } = useTranslation('pages');

  // The landing-page visit event fires after one second on the page (docs/product/site.md#home).
  useEffect(() => {
    const timer = setTimeout(
      () => trackEvent({ name: 'landing_visit', path: '/' }),
      LIMITS.landingVisitEventDelayMs,
    );
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      <section
        style={{
          background:
            'linear-gradient(160deg, var(--mantine-color-blue-9), var(--mantine-color-indigo-9))',
          color: 'white',
        }}
      >
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Stack gap="md" maw={720}>
            <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.2}>
              {t('home.heroTitle')}
            </Title>
            <Text size="lg">{t('home.heroLead')}</Text>
            <Group mt="sm">
              <Button component={Link} to="/awardplus" size="md" color="white" c="blue.9">
                {t('home.ctaSearch')}
              </Button>
              <Button
                component={Link}
                to="/cardplus/finder"
                size="md"
                variant="outline"
                color="white"
                c="white"
              >
                {t('home.ctaCards')}
              </Button>
            </Group>
            <Stack gap={2} mt="md">
              <Text size="sm" fw={700}>
                {t('home.alliancesTitle')}
              </Text>
              <Text size="sm">{t('home.alliances')}</Text>
            </Stack>
          </Stack>
        </Container>
      </section>
      <Container size="lg" py="xl">
        <Title order={2} mb="md">
          {t('home.featuresTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {FEATURES.filter((feature) => isLinkable(feature.to)).map((feature) => (
            <Paper key={feature.key} withBorder radius="md" p="lg" component={Link} to={feature.to}>
              <Title order={3} fz="lg" c="blue.9">
                {t(`home.features.${feature.key}.title`)}
              </Title>
              <Text size="sm" mt="xs">
                {t(`home.features.${feature.key}.body`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}

/** The site as structured data: its name, address, search-result description and its site search (docs/search.md). */
function homeHead({ t, origin, language }: PageHeadArgs<never>): Partial<PageHead> {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: t('brand'),
        url: `${origin}/`,
        inLanguage: language,
        description: t('pages:home.description'),
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: t('brand'),
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
      },
    ],
  };
}

/** The card tools a visitor of the card-tools host starts from, in the order they are used. */
const CARD_TOOLS = [
  'cardplusSearch',
  'cardplusFinder',
  'cardplusCompare',
  'cardplusAdvisor',
  'cardplusCompareTw',
  'cardplusRedeem',
  'cardplusHighYield',
] as const;

/**
 * The card-tools host's home: what each tool does, one step from it. Its words are the tools' own
 * page strings, which this host loads with the home page's (web/lib/site-map.ts stringAreasOf).
 */
function CardHostHome() {
  const { t } = useTranslation('pages');
  const tools = CARD_TOOLS.flatMap((id) => {
    const page = PAGES.find((candidate) => candidate.id === id);
    return page && isLinkable(page.path) ? [page] : [];
  });
  return (
    <PageFrame page={CARD_HOST_HOME}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="card-host-tools">
        {tools.map((tool) => (
          <Paper key={tool.id} withBorder radius="md" p="lg" component={Link} to={tool.path}>
            <Title order={2} fz="lg" c="blue.9">
              {t(`${tool.id}.title`)}
            </Title>
            <Text size="sm" mt="xs">
              {t(`${tool.id}.description`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}

/** The home page; on the card-tools host it is the card tools' own landing (docs/product/routing.md#card-tools-host). */
function HomePage() {
  const { variant } = useAppState();
  return variant === 'card' ? <CardHostHome /> : <Landing />;
}

export const homePage = definePage<never>({ Component: HomePage, head: homeHead });
