import { Anchor, CloseButton, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Promotion } from '../../core/promotions.ts';
import { apiGet } from '../lib/api-client.ts';
import { pageData } from '../lib/client-config.ts';
import { useAppState } from './app-context.tsx';

const DISMISSED_KEY = 'dismissedPromotion';

/** The promotion the server put into the page for this language; undefined when it did not. */
function promotionInPage(language: string): Promotion | null | undefined {
  const data = pageData();
  return data.language === language && 'promotion' in data ? (data.promotion as Promotion | null) : undefined;
}

/**
 * The top campaign banner: the current promotion in the visitor's language (SPEC §2, §7). The
 * server puts it into the page, so the banner paints with the header instead of pushing it down
 * a moment later; without that, the app fetches it.
 */
export function CampaignBanner() {
  const { t } = useTranslation();
  const { language } = useAppState();
  const [promotion, setPromotion] = useState<Promotion | null>(() => promotionInPage(language) ?? null);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY));

  useEffect(() => {
    if (promotionInPage(language) !== undefined) return;
    const controller = new AbortController();
    apiGet<{ promotion: Promotion | null }>('/api/promotions/current', { lang: language, signal: controller.signal })
      .then((answer) => setPromotion(answer.promotion))
      .catch(() => setPromotion(null)); // no banner is better than a broken one
    return () => controller.abort();
  }, [language]);

  if (!promotion || dismissed === String(promotion.id)) return null;
  return (
    <aside aria-label={t('banner.label')} data-testid="campaign-banner" style={{ background: 'var(--mantine-color-blue-9)', color: 'white' }}>
      <Group justify="center" gap="xs" px="md" py={6} wrap="nowrap">
        <Text size="sm" ta="center">
          {promotion.title}{' '}
          <Anchor component={Link} to={promotion.linkPath} c="white" underline="always" fw={600}>
            {t('banner.more')}
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
