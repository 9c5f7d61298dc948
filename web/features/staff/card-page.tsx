import { Alert, Anchor, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StaffCard } from '../../../core/cards/card-edits.ts';
import type { AuditEntry } from '../../../core/staff.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from '../../components/staff-shell.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';
import { CardFactsForm } from './card-facts-form.tsx';
import { WelcomeBonusForm } from './welcome-bonus-form.tsx';
import { staffApi } from './staff-api.ts';
import { useLocalized } from './use-localized.ts';

/** A change's values, short: the fields of an object, or the value itself. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}

/** Who changed a record last and when ('changed by … on …'), from its newest audit entry. */
export function LastChange({ changes }: { changes: readonly AuditEntry[] }) {
  const { t, i18n } = useTranslation('staff');
  const last = changes[0];
  return (
    <Text size="sm" c="dimmed" data-testid="last-change">
      {last
        ? t('changedBy', {
            who: last.staffEmail,
            when: new Date(last.at).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })
        : t('neverChanged')}
    </Text>
  );
}

/** A record's changes, newest first: when, who, what, before and after. */
export function ChangesTable({ changes }: { changes: readonly AuditEntry[] }) {
  const { t, i18n } = useTranslation('staff');
  if (changes.length === 0) return <Text size="sm">{t('card.noChanges')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder data-testid="changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('card.when')}</Table.Th>
            <Table.Th>{t('card.who')}</Table.Th>
            <Table.Th>{t('card.what')}</Table.Th>
            <Table.Th>{t('card.before')}</Table.Th>
            <Table.Th>{t('card.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.id} data-testid="change">
              <Table.Td>
                {new Date(change.at).toLocaleString(i18n.language, {
                  dateStyle: 'short',
                  timeStyle: 'short',
                })}
              </Table.Td>
              <Table.Td>{change.staffEmail}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {change.action}
                </Text>
                <Text size="xs" c="dimmed">
                  {change.subject}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                  {changeText(change.before)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                  {changeText(change.after)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

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
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="sm">
                {t('card.history')}
              </Title>
              <ChangesTable changes={state.changes} />
            </Paper>
          </Stack>
        )}
      </StaffShell>
    </PageFrame>
  );
}
