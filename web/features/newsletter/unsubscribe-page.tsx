import { Anchor, Button, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { newsletterApi } from './newsletter-api.ts';
import { Outcome } from './newsletter-parts.tsx';
import { LinkInvalid, useSubscription } from './preference-page.tsx';

/**
 * /edm/unsubscribe: where a newsletter's List-Unsubscribe address leads a browser. It asks
 * first, so a link scanner that opens the address unsubscribes no one; a mail client's one-click
 * POST to the same address needs no page (docs/newsletter.md#leaving).
 */
export function UnsubscribePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('newsletter');
  const failed = useErrorPopup();
  const [params] = useSearchParams();
  const token = params.get('t');
  const { subscription, invalid } = useSubscription(token, false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const leave = async () => {
    if (!token) return;
    setBusy(true);
    try {
      await newsletterApi.unsubscribe(token);
      setDone(true);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };

  const preference = token ? `/edm/preference?t=${encodeURIComponent(token)}` : '/edm/preference';
  return (
    <PageFrame page={page}>
      {!token || invalid ? (
        <LinkInvalid />
      ) : done || subscription?.state === 'unsubscribed' ? (
        <Outcome
          color="green"
          title={t('unsubscribe.doneTitle')}
          testId="newsletter-unsubscribed"
          next={
            <Anchor component={Link} to={preference} size="sm" data-testid="newsletter-come-back">
              {t('unsubscribe.comeBack')}
            </Anchor>
          }
        >
          <Text size="sm">{t('unsubscribe.done')}</Text>
        </Outcome>
      ) : !subscription ? (
        <Loader size="sm" />
      ) : (
        <Paper withBorder radius="md" p="lg" maw={560} data-testid="newsletter-unsubscribe-ask">
          <Stack gap="md">
            <Text>{t('unsubscribe.ask', { email: subscription.email })}</Text>
            <Button
              color="red"
              loading={busy}
              onClick={() => void leave()}
              data-testid="newsletter-unsubscribe-confirm"
            >
              {t('unsubscribe.confirm')}
            </Button>
            <Anchor component={Link} to={preference} size="sm">
              {t('unsubscribe.instead')}
            </Anchor>
          </Stack>
        </Paper>
      )}
    </PageFrame>
  );
}
