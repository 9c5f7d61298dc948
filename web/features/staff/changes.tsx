import { Paper, Table, Text, Title } from '@mantine/core';
import type { AuditEntry } from '../../../core/staff.ts';
import { useTranslation } from '../../lib/translation.tsx';

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

/** A record's changes in a panel of its own, under a heading ('Changes' unless named). */
export function ChangesPanel({
  changes,
  title,
}: {
  changes: readonly AuditEntry[];
  title?: string;
}) {
  const { t } = useTranslation('staff');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {title ?? t('card.history')}
      </Title>
      <ChangesTable changes={changes} />
    </Paper>
  );
}
