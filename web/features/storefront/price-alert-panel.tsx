import { Anchor, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import type { PriceAlertView } from '../../../core/storefront/orders.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { alertsApi } from './storefront-api.ts';
import { useStorefrontFormat } from './storefront-format.ts';

/**
 * "Tell me when it falls to…" (docs/storefront.md#price-alerts): a member sets a target price per
 * 1,000 in the programme's currency and is e-mailed once per sale that meets it. Visitors are
 * asked to log in; the member's own alert loads after the page is up (member data).
 */
export function PriceAlertPanel({ programme }: { programme: ProgrammeSaleDetail }) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  const failed = useErrorPopup();
  const { member, openLogin } = useAuth();
  const { language } = useAppState();
  const [alert, setAlert] = useState<PriceAlertView | null>(null);
  const [target, setTarget] = useState<number | string>(
    Math.floor(programme.pricePer1000 * 0.9) / 100,
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!member) return;
    alertsApi
      .list()
      .then((alerts) => {
        const mine = alerts.find((candidate) => candidate.programme === programme.id) ?? null;
        setAlert(mine);
        if (mine) setTarget(mine.target / 100);
      })
      .catch(failed);
  }, [member, programme.id, failed]);

  const save = async () => {
    setBusy(true);
    try {
      const alerts = await alertsApi.set({
        programme: programme.id,
        target: Math.round(Number(target) * 100),
        language: language === 'ja' ? 'en' : language,
      });
      setAlert(alerts.find((candidate) => candidate.programme === programme.id) ?? null);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!alert) return;
    setBusy(true);
    try {
      await alertsApi.remove(alert.id);
      setAlert(null);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" data-testid="price-alert">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('alert.title')}
        </Title>
        <Text size="sm">{t('alert.lead')}</Text>
        {!member ? (
          <Anchor component="button" type="button" onClick={() => openLogin()} size="sm" ta="start">
            {t('alert.logIn')}
          </Anchor>
        ) : (
          <>
            <NumberInput
              label={t('alert.target', { currency: programme.currency })}
              value={target}
              onChange={setTarget}
              min={0.01}
              step={0.5}
              decimalScale={2}
              data-testid="price-alert-target"
            />
            <Group gap="sm">
              <Button
                onClick={() => void save()}
                loading={busy}
                disabled={!(Number(target) > 0)}
                data-testid="price-alert-save"
              >
                {alert ? t('alert.update') : t('alert.set')}
              </Button>
              {alert && (
                <Button
                  variant="subtle"
                  onClick={() => void remove()}
                  disabled={busy}
                  data-testid="price-alert-remove"
                >
                  {t('alert.remove')}
                </Button>
              )}
            </Group>
            {alert && (
              <Text size="sm" c="teal.9" data-testid="price-alert-set">
                {t('alert.watching', { price: format.money(alert.target, alert.currency) })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
