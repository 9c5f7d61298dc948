import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { dateTimeFormat } from '../../../core/intl.ts';
import { INTL_LOCALES } from '../../../core/locale.ts';
import { promoEnd, type PromoEntry } from '../../../core/promotions.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { loaderGet, loaderLanguage } from '../../lib/loader-api.ts';
import { definePage, type PageHeadArgs } from '../../lib/page-module.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';

interface PromoLoad {
  now: string;
  promotions: PromoEntry[];
}

/** A promotion ending within this many days is marked 'ending soon'. */
const SOON_DAYS = 3;

const KIND_COLOR: Record<PromoEntry['kind'], string> = {
  sale: 'teal',
  'transfer-bonus': 'blue',
  'card-offer': 'grape',
  'shop-discount': 'red',
  site: 'gray',
};

/** /promo: every promotion running now, ending soonest first (docs/product/site.md#promotions). */
function PromoPage({ page }: { page: PageDef }) {
  const { t } = useTranslation();
  const { language } = useAppState();
  const { now, promotions } = useLoaderData() as PromoLoad;
  const day = dateTimeFormat(INTL_LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' });
  const soon = Date.parse(now) + SOON_DAYS * 86_400_000;
  return (
    <PageFrame page={page}>
      <Text size="sm" c="gray.7" maw={760}>
        {t('pages:promo.intro')}
      </Text>
      {promotions.length === 0 ? (
        <Text data-testid="promo-none">{t('pages:promo.none')}</Text>
      ) : (
        <Stack gap="sm" data-testid="promo-list">
          {promotions.map((promotion) => (
            <Card
              key={promotion.id}
              withBorder
              radius="md"
              padding="md"
              data-testid="promo"
              data-kind={promotion.kind}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Badge variant="light" color={KIND_COLOR[promotion.kind]}>
                  {t(`pages:promo.kinds.${promotion.kind}`)}
                </Badge>
                {promoEnd(promotion) <= soon && (
                  <Badge color="orange" data-testid="promo-ending-soon">
                    {t('pages:promo.endingSoon')}
                  </Badge>
                )}
              </Group>
              <Anchor component={Link} to={promotion.linkPath} fw={700} fz="lg" mt={6}>
                {promotion.title}
              </Anchor>
              <Text size="sm" c="gray.7">
                {promotion.endsAt === null
                  ? t('pages:promo.noEnd')
                  : t('pages:promo.endsOn', { day: day.format(new Date(promoEnd(promotion))) })}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

function promoHead({ data, t, origin }: PageHeadArgs<PromoLoad>) {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t('pages:promo.title'),
        numberOfItems: data.promotions.length,
        itemListElement: data.promotions.map((promotion, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${origin}${promotion.linkPath}`,
          name: promotion.title,
        })),
      },
    ],
  };
}

export const promoPage = definePage<PromoLoad>({
  Component: PromoPage,
  loader: ({ context }: LoaderFunctionArgs) =>
    loaderGet<PromoLoad>(context, `/api/promotions?lang=${loaderLanguage(context)}`),
  head: promoHead,
});
