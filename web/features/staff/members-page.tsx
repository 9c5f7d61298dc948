import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROLES, type Role, type StaffMemberView } from '../../../core/staff.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { usePasswordConfirm } from './use-password-confirm.tsx';
import { useStaffConsole } from './use-staff-console.ts';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { staffApi } from './staff-api.ts';
import { StaffTable, type StaffColumn } from './staff-table.tsx';

/** /admin/members: find members by address, and open the live scan's closed beta to them (docs/staff.md#members). */
export function StaffMembersPage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('staff');
  const { member } = useAuth();
  const [params, setParams] = useSearchParams();
  const waiting = params.get('waiting') === 'true';
  const email = params.get('email') ?? '';
  const [typed, setTyped] = useState(email);
  const [list, setList] = useState('');
  const [listResult, setListResult] = useState<{ changed: number; unknown: string[] } | null>(null);
  const load = useCallback(() => staffApi.members({ email, waiting }), [email, waiting]);
  const { data, forbidden, busy, act } = useStaffData(load, member !== null, 'staff');
  const isAdmin = useStaffConsole(member !== null).console?.role === 'admin';
  const password = usePasswordConfirm();
  const day = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' }) : '';
  const search = (next: { email?: string; waiting?: boolean }) => {
    const query = new URLSearchParams();
    const address = next.email ?? email;
    if (address) query.set('email', address);
    // Finding an address looks among all members; the waiting list is its own view.
    if (next.waiting ?? (next.email === undefined && waiting)) query.set('waiting', 'true');
    setParams(query);
  };
  const columns: StaffColumn<StaffMemberView>[] = [
    {
      key: 'email',
      title: t('members.email'),
      sortable: true,
      value: (one) => one.email ?? '',
      render: (one) => (
        <Anchor component={Link} to={`/admin/members/${one.id}`} size="sm">
          {one.email ?? '—'}
        </Anchor>
      ),
    },
    {
      key: 'name',
      title: t('members.name'),
      sortable: true,
      value: (one) => one.name,
      render: (one) => one.name,
    },
    {
      key: 'role',
      title: t('members.role'),
      value: (one) => one.role,
      // An admin gives roles (with the password again); others see them.
      render: (one) =>
        isAdmin && one.email ? (
          <Select
            size="xs"
            w={130}
            aria-label={`${t('members.role')}: ${one.email}`}
            allowDeselect={false}
            value={one.role}
            disabled={busy !== null}
            data={ROLES.map((role) => ({
              value: role,
              label: t(`console.roles.${role}`),
            }))}
            onChange={(role) =>
              role &&
              void act(one.id, () => password.run(() => staffApi.role(one.email!, role as Role)))
            }
            data-testid="member-role"
          />
        ) : one.role === 'member' ? (
          ''
        ) : (
          <Badge size="sm" variant="light">
            {t(`console.roles.${one.role}`)}
          </Badge>
        ),
    },
    {
      key: 'joined',
      title: t('members.joined'),
      sortable: true,
      value: (one) => one.createdAt,
      render: (one) => day(one.createdAt),
    },
    {
      key: 'activated',
      title: t('members.activated'),
      value: (one) => one.activatedAt ?? '',
      render: (one) =>
        one.activatedAt ? (
          day(one.activatedAt)
        ) : (
          <Text size="sm" c="dimmed" span>
            {t('members.notActivated')}
          </Text>
        ),
    },
    {
      key: 'liveScan',
      title: t('members.liveScan'),
      value: (one) => (one.scrapingEnabled ? 'enabled' : one.scrapingRequestedAt ? 'asked' : 'off'),
      render: (one) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" span data-testid="live-scan-state">
            {one.scrapingEnabled
              ? t('members.enabled')
              : one.scrapingRequestedAt
                ? t('members.asked', { when: day(one.scrapingRequestedAt) })
                : t('members.off')}
          </Text>
          {one.email && (
            <Button
              size="compact-xs"
              variant={one.scrapingEnabled ? 'default' : 'filled'}
              loading={busy === one.id}
              onClick={() =>
                void act(one.id, () => staffApi.scraping([one.email!], !one.scrapingEnabled))
              }
              data-testid={one.scrapingEnabled ? 'live-scan-close' : 'live-scan-enable'}
            >
              {one.scrapingEnabled ? t('members.disable') : t('members.enable')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
  const enableList = async () => {
    const emails = list
      .split(/[\s,;]+/)
      .map((one) => one.trim())
      .filter(Boolean);
    if (emails.length === 0) return;
    await act('list', async () => {
      const answer = await staffApi.scraping(emails, true);
      setListResult({ changed: answer.changed.length, unknown: answer.unknown });
    });
  };
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        {password.prompt}
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('members.inviteOnly')}
          </Text>
          <Group align="end" wrap="wrap">
            <TextInput
              label={t('members.find')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              onKeyDown={(event) => event.key === 'Enter' && search({ email: typed.trim() })}
              data-testid="member-find"
            />
            <Button
              onClick={() => search({ email: typed.trim() })}
              data-testid="member-find-button"
            >
              {t('members.findButton')}
            </Button>
            <Checkbox
              label={t('members.waiting')}
              checked={waiting}
              onChange={(event) => search({ waiting: event.currentTarget.checked })}
              data-testid="member-waiting"
            />
          </Group>
          <StaffView
            data={data}
            forbidden={forbidden}
            signedIn={member !== null}
            forbiddenText={t('forbidden')}
          >
            {(members) => (
              <StaffTable
                records={members}
                columns={columns}
                words={(one) => `${one.email ?? ''} ${one.name}`}
                idOf={(one) => one.id}
                file="members"
                testId="staff-members"
                searchable={false}
              />
            )}
          </StaffView>
          <Paper withBorder radius="md" p="md">
            <Title order={2} size="h4" mb="xs">
              {t('members.listTitle')}
            </Title>
            <Textarea
              label={t('members.listHelp')}
              autosize
              minRows={3}
              value={list}
              onChange={(event) => setList(event.currentTarget.value)}
              data-testid="member-list"
            />
            <Button
              mt="sm"
              onClick={() => void enableList()}
              loading={busy === 'list'}
              data-testid="member-list-enable"
            >
              {t('members.listEnable')}
            </Button>
            {listResult && (
              <Alert
                mt="sm"
                color={listResult.unknown.length > 0 ? 'yellow' : 'green'}
                data-testid="member-list-result"
              >
                {t('members.listDone', { count: listResult.changed })}
                {listResult.unknown.length > 0 && (
                  <> {t('members.listUnknown', { emails: listResult.unknown.join(', ') })}</>
                )}
              </Alert>
            )}
          </Paper>
        </Stack>
      </StaffShell>
    </PageFrame>
  );
}
