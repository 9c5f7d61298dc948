import { Alert, Anchor, Group, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffCard } from '../../../core/cards/card-edits.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { CardFactsForm } from './card-facts-form.tsx';
import { ChangesPanel, LastChange } from './changes.tsx';
import { WelcomeBonusForm } from './welcome-bonus-form.tsx';
import { staffApi } from './staff-api.ts';
import { useLocalized } from './use-localized.ts';

/** /admin/cards/:id: one card's welcome offer, fees and earn rates to edit, with its changes (docs/staff.md#content). */
export function StaffCardPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('staff');
  const localized = useLocalized();
  const { id = '' } = useParams();
  const { member } = useAuth();
  const failed = useErrorPopup('staff');
  const [state, setState] = useState<StaffCard | 'forbidden' | 'missing' | null>(null);
  const load = useCallback(
    () =>
      staffApi
        .card(id)
        .then(setState)
        .catch((error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 403) setState('forbidden');
          else if (error instanceof ApiRequestError && error.status === 404) setState('missing');
          else void failed(error);
        }),
    [id, failed],
  );
  useEffect(() => {
    if (member) void load();
  }, [member, load]);
  const saved = (answer: StaffCard) => setState(answer);
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <Anchor component={Link} to="/admin/cards" size="sm">
          ← {t('card.back')}
        </Anchor>
        {state === 'forbidden' ? (
          <Alert color="red" mt="sm" data-testid="staff-forbidden">
            {t('forbidden')}
          </Alert>
        ) : state === 'missing' ? (
          <Alert color="yellow" mt="sm">
            {t('card.notFound')}
          </Alert>
        ) : state === null ? (
          member && <Loader size="sm" mt="sm" />
        ) : (
          <Stack gap="lg" mt="sm" data-testid="staff-card" data-card={state.card.id}>
            <div>
              <Title order={2} size="h3">
                {localized(state.card.name)}
              </Title>
              <Group gap="md">
                <LastChange changes={state.changes} />
                <Anchor
                  href={`/cardplus/c/${state.card.id}`}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                >
                  {t('card.publicPage')}
                </Anchor>
              </Group>
            </div>
            <WelcomeBonusForm
              key={`bonus-${state.card.id}`}
              card={state.card}
              onSaved={(edit) => staffApi.editWelcomeBonus(state.card.id, edit).then(saved)}
            />
            <CardFactsForm
              key={`facts-${state.card.id}`}
              card={state.card}
              onSaved={(edit) => staffApi.editFacts(state.card.id, edit).then(saved)}
            />
            <ChangesPanel changes={state.changes} />
          </Stack>
        )}
      </StaffShell>
    </PageFrame>
  );
}
