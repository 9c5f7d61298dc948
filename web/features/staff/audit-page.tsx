import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '../../../core/staff.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useAuth } from '../auth/index.ts';
import { changeText } from './changes.tsx';
import { StaffTable, type StaffColumn } from './staff-table.tsx';
import { staffApi } from './staff-api.ts';

/** Where a subject's record is in the console, when it has a page there. */
function recordPath(subject: string): string | null {
  if (subject.startsWith('card:')) return `/admin/cards/${subject.slice('card:'.length)}`;
  if (subject.startsWith('setting:')) return '/admin/settings';
  return null;
}

/** /admin/audit: every staff change, newest first, filtered by subject, a hundred at a time (docs/staff.md#audit-log). */
export function StaffAuditPage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('staff');
  const { member } = useAuth();
  const [params, setParams] = useSearchParams();
  const subject = params.get('subject') ?? '';
  const before = Number(params.get('before')) || undefined;
  const [typed, setTyped] = useState(subject);
  const load = useCallback(
    () => staffApi.audit({ ...(subject ? { subject } : {}), ...(before ? { before } : {}) }),
    [subject, before],
  );
  const { data, forbidden } = useStaffData(load, member !== null, 'staff');
  const columns: StaffColumn<AuditEntry>[] = [
    {
      key: 'at',
      title: t('card.when'),
      sortable: true,
      value: (entry) => entry.at,
      render: (entry) =>
        new Date(entry.at).toLocaleString(i18n.language, {
          dateStyle: 'short',
          timeStyle: 'medium',
        }),
    },
    {
      key: 'who',
      title: t('card.who'),
      sortable: true,
      value: (entry) => entry.staffEmail,
      render: (entry) => entry.staffEmail,
    },
    {
      key: 'action',
      title: t('audit.action'),
      sortable: true,
      value: (entry) => entry.action,
      render: (entry) => (
        <Text size="sm" ff="monospace">
          {entry.action}
        </Text>
      ),
    },
    {
      key: 'subject',
      title: t('card.what'),
      value: (entry) => entry.subject,
      render: (entry) => {
        const path = recordPath(entry.subject);
        return path ? (
          <Anchor component={Link} to={path} size="sm">
            {entry.subject}
          </Anchor>
        ) : (
          entry.subject
        );
      },
    },
    {
      key: 'before',
      title: t('card.before'),
      value: (entry) => changeText(entry.before),
      render: (entry) => (
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
          {changeText(entry.before)}
        </Text>
      ),
    },
    {
      key: 'after',
      title: t('card.after'),
      value: (entry) => changeText(entry.after),
      render: (entry) => (
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
          {changeText(entry.after)}
        </Text>
      ),
    },
  ];
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <Stack gap="md">
          <Group align="end" wrap="wrap">
            <TextInput
              label={t('audit.subject')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              onKeyDown={(event) =>
                event.key === 'Enter' && setParams(typed.trim() ? { subject: typed.trim() } : {})
              }
              data-testid="audit-subject"
            />
            <Button onClick={() => setParams(typed.trim() ? { subject: typed.trim() } : {})}>
              {t('audit.filter')}
            </Button>
          </Group>
          <StaffView
            data={data}
            forbidden={forbidden}
            signedIn={member !== null}
            forbiddenText={t('forbidden')}
          >
            {(entries) => (
              <>
                <StaffTable
                  records={entries}
                  columns={columns}
                  words={(entry) => `${entry.staffEmail} ${entry.action} ${entry.subject}`}
                  idOf={(entry) => String(entry.id)}
                  file="audit-log"
                  testId="staff-audit"
                />
                {entries.length >= 100 && (
                  <Group>
                    <Button
                      variant="default"
                      onClick={() =>
                        setParams({
                          ...(subject ? { subject } : {}),
                          before: String(entries.at(-1)!.id),
                        })
                      }
                    >
                      {t('audit.older')}
                    </Button>
                  </Group>
                )}
              </>
            )}
          </StaffView>
        </Stack>
      </StaffShell>
    </PageFrame>
  );
}
