import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { ChangesPanel, LastChange } from './changes.tsx';
import { MemberMoney } from './member-money.tsx';
import { usePasswordConfirm } from './use-password-confirm.tsx';
import { staffApi } from './staff-api.ts';

/** /admin/members/:id: one member's account, sessions and use, and support's acts on it (docs/staff.md#members). */
export function StaffMemberPage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('staff');
  const { id = '' } = useParams();
  const { member: signedIn } = useAuth();
  const load = useCallback(() => staffApi.member(id), [id]);
  const { data, forbidden, busy, act } = useStaffData(load, signedIn !== null, 'staff');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // Each act reloads the member afterwards (useStaffData).
  const run = (name: string, action: () => Promise<unknown>) => void act(name, action);
  // A refund asks for the password again (sudo mode).
  const password = usePasswordConfirm();
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={signedIn !== null}>
        <Anchor component={Link} to="/admin/members" size="sm">
          ← {t('member.back')}
        </Anchor>
        <StaffView
          data={data}
          forbidden={forbidden}
          signedIn={signedIn !== null}
          forbiddenText={t('forbidden')}
        >
          {(detail) => {
            const { member, sessions, trackings, quota, changes } = detail;
            return (
              <Stack gap="lg" mt="sm" data-testid="staff-member">
                <div>
                  <Group gap="sm">
                    <Title order={2} size="h3">
                      {member.name}
                    </Title>
                    {member.role !== 'member' && (
                      <Badge variant="light">{t(`console.roles.${member.role}`)}</Badge>
                    )}
                    {member.disabledAt && (
                      <Badge color="red" data-testid="member-disabled">
                        {t('member.disabled', { when: when(member.disabledAt) })}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{member.email ?? '—'}</Text>
                  <Text size="sm" c="dimmed">
                    {t('members.joined')}: {when(member.createdAt)} · {t('members.activated')}:{' '}
                    {member.activatedAt ? when(member.activatedAt) : t('members.notActivated')}
                  </Text>
                  <LastChange changes={changes} />
                </div>
                <Paper withBorder radius="md" p="md">
                  <Stack gap={4}>
                    <Text size="sm">{t('member.trackings', trackings)}</Text>
                    <Text size="sm">
                      {t('member.quota', {
                        month: quota.month,
                        days: quota.daysUsed,
                        searches: quota.searches30Days,
                      })}
                    </Text>
                  </Stack>
                </Paper>
                <Paper withBorder radius="md" p="md">
                  <Group justify="space-between" mb="sm">
                    <Title order={2} size="h4">
                      {t('member.sessions')}
                    </Title>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={sessions.length === 0}
                      loading={busy === 'sessions'}
                      onClick={() => run('sessions', () => staffApi.endSessions(member.id))}
                      data-testid="member-end-sessions"
                    >
                      {t('member.endSessions')}
                    </Button>
                  </Group>
                  {sessions.length === 0 ? (
                    <Text size="sm" c="dimmed" data-testid="member-no-sessions">
                      {t('member.noSessions')}
                    </Text>
                  ) : (
                    <Table.ScrollContainer minWidth={560}>
                      <Table striped>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('member.started')}</Table.Th>
                            <Table.Th>{t('member.lastSeen')}</Table.Th>
                            <Table.Th>User-Agent</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {sessions.map((session) => (
                            <Table.Tr key={session.createdAt + session.userAgent}>
                              <Table.Td>{when(session.createdAt)}</Table.Td>
                              <Table.Td>{when(session.lastSeenAt)}</Table.Td>
                              <Table.Td>
                                <Text size="xs">{session.userAgent || '—'}</Text>
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  )}
                </Paper>
                <Paper withBorder radius="md" p="md">
                  <Stack gap="sm">
                    {!member.activatedAt && member.email && (
                      <Group>
                        <Button
                          size="xs"
                          variant="default"
                          loading={busy === 'activation'}
                          onClick={() =>
                            run('activation', async () => {
                              const answer = await staffApi.resendActivation(member.id);
                              setResent(true);
                              return answer;
                            })
                          }
                        >
                          {t('member.resend')}
                        </Button>
                        {resent && <Alert py={4}>{t('member.resent')}</Alert>}
                      </Group>
                    )}
                    <Group align="end" wrap="wrap">
                      <TextInput
                        label={t('member.reason')}
                        required
                        value={reason}
                        error={reasonError}
                        onChange={(event) => setReason(event.currentTarget.value)}
                        miw={280}
                        data-testid="member-reason"
                      />
                      <Button
                        color={member.disabledAt ? 'blue' : 'red'}
                        loading={busy === 'disable'}
                        onClick={() => {
                          if (!reason.trim()) {
                            setReasonError(t('fieldInvalid'));
                            return;
                          }
                          setReasonError(null);
                          run('disable', () =>
                            staffApi.disable(member.id, member.disabledAt === null, reason.trim()),
                          );
                          setReason('');
                        }}
                        data-testid="member-disable"
                      >
                        {member.disabledAt ? t('member.enableAccount') : t('member.disable')}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
                <MemberMoney detail={detail} busy={busy} run={run} withPassword={password.run} />
                <ChangesPanel changes={changes} />
              </Stack>
            );
          }}
        </StaffView>
        {password.prompt}
      </StaffShell>
    </PageFrame>
  );
}
