import { Anchor, CloseButton, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/translation.tsx';
import { Link, useRouteLoaderData } from 'react-router';
import { ROOT_ROUTE_ID, type RootData } from './root-data.ts';

const DISMISSED_KEY = 'dismissedPromotion';

/**
 * The top campaign banner: the current promotion in the visitor's language
 * (docs/product/routing.md#frame-rules, docs/product/site.md#promotions), loaded by the root route
 * with the page, so it arrives in the page's HTML with the header. A visitor who closed it does not
 * see it again in the same tab.
 */
export function CampaignBanner() {
  const { t } = useTranslation();
  const promotion = (useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined)?.promotion ?? null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  // Read after hydration: the server cannot know what this tab closed.
  useEffect(() => {
    const closed = sessionStorage.getItem(DISMISSED_KEY);
    if (closed) setDismissed(closed);
  }, []);

  if (!promotion || dismissed === String(promotion.id)) return null;
  return (
    <aside
      aria-label={t('banner.label')}
      data-testid="campaign-banner"
      style={{ background: 'var(--mantine-color-blue-9)', color: 'white' }}
    >
      <Group justify="center" gap="xs" px="md" py={6} wrap="nowrap">
        <Text size="sm" ta="center">
          {/* The promotion's own words are the link: "Learn more" alone says nothing to a search engine or a screen reader. */}
          <Anchor component={Link} to={promotion.linkPath} c="white" underline="always" fw={600}>
            {promotion.title}
          </Anchor>
        </Text>
        <CloseButton
          size="sm"
          variant="transparent"
          c="white"
          aria-label={t('banner.dismiss')}
          onClick={() => {
            sessionStorage.setItem(DISMISSED_KEY, String(promotion.id));
            setDismissed(String(promotion.id));
          }}
        />
      </Group>
    </aside>
  );
}
