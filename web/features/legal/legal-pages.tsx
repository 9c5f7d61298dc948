import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link, useLocation } from 'react-router';
import type { PageDef } from '../../lib/site-map.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { NumberedSections, sectionsOf } from '../../components/numbered-sections.tsx';
import { QuestionList } from '../../components/question-list.tsx';

/** Terms and privacy. */
export function LegalDocument({ page }: { page: PageDef }) {
  const { t } = useTranslation('legal');
  return (
    <PageFrame page={page}>
      <NumberedSections
        updated={t(`${page.id}.updated`)}
        sections={sectionsOf(t(`${page.id}.sections`, { returnObjects: true }))}
      />
    </PageFrame>
  );
}

/**
 * The FAQ's shape: groups of questions, each with an anchor (`/faq#bonuses`) and, where a page
 * answers more, a link to it. The words live in the catalogs under `faq.groups` and `faq.items`.
 */
const FAQ: readonly { group: string; items: readonly { id: string; to?: string }[] }[] = [
  {
    group: 'awards',
    items: [
      { id: 'sources', to: '/awardplus/redemption/s' },
      { id: 'allowance' },
      { id: 'tracking' },
    ],
  },
  {
    group: 'transfers',
    items: [
      { id: 'ratios', to: '/awardplus/transferpartner' },
      { id: 'bonuses', to: '/awardplus/transferpartner' },
      { id: 'reverse' },
      { id: 'unconfirmed', to: '/rewardslib' },
    ],
  },
  {
    group: 'explorer',
    items: [
      { id: 'explorer', to: '/awardplus/redemption/e' },
      { id: 'seats', to: '/awardplus/redemption/s' },
      { id: 'charts', to: '/awardplus/transferpartner' },
      { id: 'wallet', to: '/profilepage/points' },
    ],
  },
  {
    group: 'buying',
    items: [
      { id: 'buying', to: '/storefront/awardmap' },
      { id: 'limits', to: '/storefront/tos#lifemiles' },
    ],
  },
  { group: 'site', items: [{ id: 'free' }, { id: 'languages' }] },
];

const QUESTIONS = new Set(FAQ.flatMap(({ items }) => items.map((item) => item.id)));

/** The FAQ as structured data, so search engines can show its questions and answers. */
function faqHead({ t }: PageHeadArgs<never>): Partial<PageHead> {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: FAQ.flatMap(({ items }) =>
          items.map((item) => ({
            '@type': 'Question',
            name: t(`legal:faq.items.${item.id}.q`),
            acceptedAnswer: { '@type': 'Answer', text: t(`legal:faq.items.${item.id}.a`) },
          })),
        ),
      },
    ],
  };
}

/** The site FAQ; an address with a question's anchor opens that question and scrolls to it. */
function FaqPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('legal');
  const { hash } = useLocation();
  const anchor = decodeURIComponent(hash.slice(1));
  const asked = QUESTIONS.has(anchor) ? anchor : null;
  // The server cannot see the address's #anchor: the question opens once the page is in the browser.
  const [open, setOpen] = useState<string[]>([]);
  useEffect(() => {
    if (!asked) return;
    setOpen((current) => (current.includes(asked) ? current : [...current, asked]));
    document.getElementById(asked)?.scrollIntoView({ block: 'start' });
  }, [asked]);
  return (
    <PageFrame page={page}>
      <Stack gap="xl" maw={760}>
        {FAQ.map(({ group, items }) => (
          <section key={group} aria-labelledby={`faq-${group}`}>
            <Title order={2} fz="lg" id={`faq-${group}`} mb="sm">
              {t(`faq.groups.${group}`)}
            </Title>
            <QuestionList
              testIdPrefix="faq-"
              open={open}
              onToggle={(id, isOpen) =>
                setOpen((current) =>
                  isOpen
                    ? current.includes(id)
                      ? current
                      : [...current, id]
                    : current.filter((other) => other !== id),
                )
              }
              questions={items.map((item) => ({
                id: item.id,
                question: t(`faq.items.${item.id}.q`),
                answer: (
                  <>
                    <Text>{t(`faq.items.${item.id}.a`)}</Text>
                    {item.to && (
                      <Anchor component={Link} to={item.to} mt="xs" display="inline-block">
                        {t(`faq.items.${item.id}.link`)}
                      </Anchor>
                    )}
                  </>
                ),
              }))}
            />
          </section>
        ))}
      </Stack>
    </PageFrame>
  );
}

export const faqPage = definePage<never>({ Component: FaqPage, head: faqHead });
