import { Stack, Text, Title } from '@mantine/core';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { QuestionList } from '../../components/question-list.tsx';
import { numberFormat } from '../../../core/intl.ts';
import { LIMITS } from '../../../core/limits.ts';
import { definePage, type PageHead, type PageHeadArgs } from '../../lib/page-module.ts';
import { SimulatedNote } from './sale-pages.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import type { TFunction } from '../../lib/translator.ts';

/** The storefront FAQ's groups and questions; the words are in `storefront:faq`. */
const GROUPS = {
  buying: ['who', 'official', 'name', 'account'],
  crediting: ['howLong', 'review', 'notCredited'],
  caps: ['cap', 'bonusCap', 'increments'],
  refunds: ['refund', 'failed'],
  money: ['currency', 'taxes'],
} as const;

// The three languages group thousands alike (150,000).
const values = {
  hours: LIMITS.crediting.firstPurchaseDelayHours,
  cap: numberFormat('en-US').format(LIMITS.mileage.annualPurchaseCapMiles),
};
const question = (t: TFunction, id: string) => ({
  q: t(`storefront:faq.items.${id}.q`, values),
  a: t(`storefront:faq.items.${id}.a`, values),
});

function faqHead({ t }: PageHeadArgs<never>): Partial<PageHead> {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: Object.values(GROUPS)
          .flat()
          .map((id) => {
            const item = question(t, id);
            return {
              '@type': 'Question',
              name: item.q,
              acceptedAnswer: { '@type': 'Answer', text: item.a },
            };
          }),
      },
    ],
  };
}

/** /storefront/faq: buying, crediting time, caps, refunds, money and taxes. */
function StorefrontFaqPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('storefront');
  return (
    <PageFrame page={page}>
      <SimulatedNote />
      <Stack gap="xl" maw={820}>
        {Object.entries(GROUPS).map(([group, ids]) => (
          <section key={group} aria-labelledby={`faq-${group}`}>
            <Title order={2} fz="lg" id={`faq-${group}`} mb="sm">
              {t(`faq.groups.${group}`)}
            </Title>
            <QuestionList
              testIdPrefix="faq-"
              questions={ids.map((id) => {
                const item = question(t, id);
                return { id, question: item.q, answer: <Text>{item.a}</Text> };
              })}
            />
          </section>
        ))}
      </Stack>
    </PageFrame>
  );
}

export const storefrontFaqPage = definePage<never>({ Component: StorefrontFaqPage, head: faqHead });
