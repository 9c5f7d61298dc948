/* eslint-disable max-lines -- staff's newsletter console: composing, previews per language, test sends and scheduling act on one issue. */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { LANGUAGES } from '../../../core/locale.ts';
import {
  ISSUE_LIMITS,
  ISSUE_SECTIONS,
  type IssueDraft,
  type IssueSection,
  type IssueView,
  type MailLanguage,
} from '../../../core/newsletter.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { StaffShell } from './staff-shell.tsx';
import { StaffView } from './staff-view.tsx';
import { useStaffData } from './use-staff-data.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAuth } from '../auth/index.ts';
import { staffNewsletterApi } from './area-apis.ts';
import { TopicChoices } from '../newsletter/index.ts';

const empty = (): IssueDraft => ({
  topics: ['promotions'],
  sections: [],
  content: {
    en: { subject: '', body: '' },
    'zh-Hant': { subject: '', body: '' },
    'zh-Hans': { subject: '', body: '' },
  },
});
const draftOf = (issue: IssueView): IssueDraft => ({
  topics: issue.topics,
  sections: issue.sections,
  content: issue.content,
});
/** A datetime-local value an hour from now, in the browser's time. */
const inAnHour = () => {
  const at = new Date(Date.now() + 3_600_000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * /admin/newsletter: staff write an issue in the three languages, preview it as readers get it,
 * send a test to themselves and schedule it; the issues' progress, the audience and the
 * suppressed addresses (docs/newsletter.md#composing). Members who are not staff are told so.
 */
export function NewsletterStaffPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('newsletter');
  const { member } = useAuth();
  const { data, forbidden, busy, act } = useStaffData(
    staffNewsletterApi.overview,
    member !== null,
    'newsletter',
  );
  const [editing, setEditing] = useState<{ id: number | null; draft: IssueDraft }>({
    id: null,
    draft: empty(),
  });
  const [preview, setPreview] = useState<{ language: MailLanguage; html: string } | null>(null);
  const [at, setAt] = useState(inAnHour);
  const [notice, setNotice] = useState<string | null>(null);
  const [language, setLanguage] = useState<MailLanguage>('zh-Hant');

  const setContent = (lang: MailLanguage, field: 'subject' | 'body', value: string) =>
    setEditing((current) => ({
      ...current,
      draft: {
        ...current.draft,
        content: {
          ...current.draft.content,
          [lang]: { ...current.draft.content[lang], [field]: value },
        },
      },
    }));
  /** Saves the draft first, so preview, test and schedule see what is on the screen. */
  const saved = async (): Promise<number> => {
    const issue =
      editing.id === null
        ? await staffNewsletterApi.create(editing.draft)
        : await staffNewsletterApi.update(editing.id, editing.draft);
    setEditing({ id: issue.id, draft: draftOf(issue) });
    return issue.id;
  };
  const run = async (key: string, action: () => Promise<string | null>) =>
    act(key, async () => {
      const message = await action();
      if (message) setNotice(message);
    });

  const chosen = data?.issues.find((issue) => issue.id === editing.id) ?? null;
  const editable = !chosen || chosen.state === 'draft' || chosen.state === 'scheduled';
  return (
    <PageFrame page={page}>
      <StaffShell signedIn={member !== null}>
        <StaffView
          data={data}
          forbidden={forbidden}
          signedIn={member !== null}
          forbiddenText={t('staff.forbidden')}
        >
          {(data) => (
            <Stack gap="xl" data-testid="newsletter-console">
              <Group gap="xs" data-testid="newsletter-audience">
                {Object.entries(data.audience).map(([state, count]) => (
                  <Badge key={state} variant="light" size="lg">
                    {t(`states.${state}`)}: {count}
                  </Badge>
                ))}
              </Group>

              <Paper withBorder radius="md" p="lg">
                <Stack gap="md">
                  <Group justify="space-between">
                    <Title order={2} fz="lg">
                      {editing.id === null
                        ? t('staff.newIssue')
                        : t('staff.issue', { id: editing.id })}
                    </Title>
                    {editing.id !== null && (
                      <Button
                        variant="subtle"
                        onClick={() => setEditing({ id: null, draft: empty() })}
                      >
                        {t('staff.startNew')}
                      </Button>
                    )}
                  </Group>
                  {notice && (
                    <Alert
                      color="blue"
                      withCloseButton
                      closeButtonLabel={t('close')}
                      onClose={() => setNotice(null)}
                      data-testid="staff-notice"
                    >
                      {notice}
                    </Alert>
                  )}
                  <TopicChoices
                    value={editing.draft.topics}
                    onChange={(topics) =>
                      setEditing((current) => ({ ...current, draft: { ...current.draft, topics } }))
                    }
                  />
                  <Checkbox.Group
                    label={t('staff.sections')}
                    description={t('staff.sectionsHint')}
                    value={editing.draft.sections}
                    onChange={(sections) =>
                      setEditing((current) => ({
                        ...current,
                        draft: { ...current.draft, sections: sections as IssueSection[] },
                      }))
                    }
                  >
                    <Group gap="md" mt="xs">
                      {ISSUE_SECTIONS.map((section) => (
                        <Checkbox key={section} value={section} label={t(`sections.${section}`)} />
                      ))}
                    </Group>
                  </Checkbox.Group>
                  <Tabs
                    value={language}
                    onChange={(value) => setLanguage((value as MailLanguage | null) ?? 'zh-Hant')}
                  >
                    <Tabs.List>
                      {LANGUAGES.map((lang) => (
                        <Tabs.Tab key={lang} value={lang}>
                          {t(`staff.languages.${lang}`)}
                        </Tabs.Tab>
                      ))}
                    </Tabs.List>
                    {LANGUAGES.map((lang) => (
                      <Tabs.Panel key={lang} value={lang} pt="sm">
                        <Stack gap="sm">
                          <TextInput
                            label={t('staff.subject')}
                            maxLength={ISSUE_LIMITS.subject}
                            value={editing.draft.content[lang].subject}
                            onChange={(event) =>
                              setContent(lang, 'subject', event.currentTarget.value)
                            }
                            data-testid={`issue-subject-${lang}`}
                          />
                          <Textarea
                            label={t('staff.body')}
                            description={t('staff.bodyHint')}
                            autosize
                            minRows={6}
                            maxLength={ISSUE_LIMITS.body}
                            value={editing.draft.content[lang].body}
                            onChange={(event) =>
                              setContent(lang, 'body', event.currentTarget.value)
                            }
                            data-testid={`issue-body-${lang}`}
                          />
                        </Stack>
                      </Tabs.Panel>
                    ))}
                  </Tabs>
                  <Group gap="sm">
                    <Button
                      disabled={!editable}
                      loading={busy === 'save'}
                      onClick={() =>
                        void run('save', async () => (await saved(), t('staff.saved')))
                      }
                      data-testid="issue-save"
                    >
                      {t('staff.save')}
                    </Button>
                    <Button
                      variant="default"
                      loading={busy === 'preview'}
                      onClick={() =>
                        void run('preview', async () => {
                          const id = editable ? await saved() : (editing.id ?? 0);
                          const shown = await staffNewsletterApi.preview(id, language);
                          setPreview({ language, html: shown.html });
                          return null;
                        })
                      }
                      data-testid="issue-preview"
                    >
                      {t('staff.preview')}
                    </Button>
                    <Button
                      variant="default"
                      loading={busy === 'test'}
                      onClick={() =>
                        void run('test', async () =>
                          t('staff.testSent', {
                            count: await staffNewsletterApi.test(
                              editable ? await saved() : (editing.id ?? 0),
                            ),
                          }),
                        )
                      }
                      data-testid="issue-test"
                    >
                      {t('staff.test')}
                    </Button>
                  </Group>
                  <Group gap="sm" align="end">
                    <TextInput
                      type="datetime-local"
                      label={t('staff.at')}
                      value={at}
                      onChange={(event) => setAt(event.currentTarget.value)}
                      data-testid="issue-at"
                    />
                    <Button
                      disabled={!editable}
                      loading={busy === 'schedule'}
                      onClick={() =>
                        void run(
                          'schedule',
                          async () => (
                            await staffNewsletterApi.schedule(
                              await saved(),
                              new Date(at).toISOString(),
                            ),
                            t('staff.scheduled')
                          ),
                        )
                      }
                      data-testid="issue-schedule"
                    >
                      {t('staff.schedule')}
                    </Button>
                    {chosen?.state === 'scheduled' && (
                      <Button
                        variant="subtle"
                        color="red"
                        loading={busy === 'cancel'}
                        onClick={() =>
                          void run(
                            'cancel',
                            async () => (
                              await staffNewsletterApi.cancel(chosen.id),
                              t('staff.cancelled')
                            ),
                          )
                        }
                      >
                        {t('staff.cancel')}
                      </Button>
                    )}
                  </Group>
                  {preview && (
                    <Stack gap={4}>
                      <Text size="sm" c="dimmed">
                        {t('staff.previewOf', {
                          language: t(`staff.languages.${preview.language}`),
                        })}
                      </Text>
                      {/* The mail as readers get it, in a sandbox: no script runs and no link leaves it. */}
                      <iframe
                        title={t('staff.preview')}
                        sandbox=""
                        srcDoc={preview.html}
                        style={{
                          width: '100%',
                          height: 560,
                          border: '1px solid var(--mantine-color-gray-3)',
                          borderRadius: 8,
                        }}
                        data-testid="issue-preview-frame"
                      />
                    </Stack>
                  )}
                </Stack>
              </Paper>

              <Stack gap="sm">
                <Title order={2} fz="lg">
                  {t('staff.issues')}
                </Title>
                {data.issues.length === 0 ? (
                  <Text c="dimmed">{t('staff.noIssues')}</Text>
                ) : (
                  <Table.ScrollContainer minWidth={640}>
                    <Table data-testid="newsletter-issues">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('staff.subject')}</Table.Th>
                          <Table.Th>{t('staff.state')}</Table.Th>
                          <Table.Th>{t('staff.progress')}</Table.Th>
                          <Table.Th />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.issues.map((issue) => (
                          <Table.Tr key={issue.id} data-state={issue.state}>
                            <Table.Td>
                              {issue.content[language].subject || issue.content.en.subject}
                            </Table.Td>
                            <Table.Td>
                              <Badge variant="light">{t(`issueStates.${issue.state}`)}</Badge>
                              {issue.scheduledAt && (
                                <Text size="xs">
                                  {new Date(issue.scheduledAt).toLocaleString()}
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{t('staff.counts', issue.counts)}</Text>
                              {issue.counts.uncertain > 0 && (
                                <Text size="xs" c="orange.8">
                                  {t('staff.uncertain', { count: issue.counts.uncertain })}
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td>
                              <Button
                                size="xs"
                                variant="default"
                                onClick={() => (
                                  setEditing({ id: issue.id, draft: draftOf(issue) }),
                                  setPreview(null)
                                )}
                              >
                                {issue.state === 'draft' || issue.state === 'scheduled'
                                  ? t('staff.edit')
                                  : t('staff.open')}
                              </Button>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>

              <Stack gap="sm">
                <Title order={2} fz="lg">
                  {t('staff.suppressions')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('staff.suppressionsHint')}
                </Text>
                {data.suppressions.length === 0 ? (
                  <Text c="dimmed">{t('staff.noSuppressions')}</Text>
                ) : (
                  <Table data-testid="newsletter-suppressions">
                    <Table.Tbody>
                      {data.suppressions.map((row) => (
                        <Table.Tr key={row.email}>
                          <Table.Td>{row.email}</Table.Td>
                          <Table.Td>{t(`suppressionReasons.${row.reason}`)}</Table.Td>
                          <Table.Td>{row.detail}</Table.Td>
                          <Table.Td>{new Date(row.at).toLocaleDateString()}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Stack>
            </Stack>
          )}
        </StaffView>
      </StaffShell>
    </PageFrame>
  );
}
