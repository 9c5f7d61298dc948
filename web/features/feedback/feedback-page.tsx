import { useFormProblems } from '../../lib/form-problems.ts';
import { Alert, Button, FileInput, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  FEEDBACK_SCREENSHOT_TYPES,
} from '../../../core/feedback.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { apiSend, ApiRequestError } from '../../lib/api-client.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useAuth } from '../auth/index.ts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

type Problem = 'description' | 'email' | 'screenshot-too-large' | 'screenshot-unreadable';

/**
 * /feedback: the feedback and bug-report form (docs/feedback.md), opened from every page's footer
 * and every error popup with the page (and the error) it came from.
 */
function FeedbackPage({ page }: { page: PageDef }) {
  const { t } = useTranslation('feedback');
  const { language } = useAppState();
  const { member } = useAuth();
  const [search] = useSearchParams();
  const from = search.get('from')?.startsWith('/') ? search.get('from')!.slice(0, 500) : '/';
  const error = /^[A-Z_]{1,60}$/.test(search.get('error') ?? '') ? search.get('error')! : null;
  const showError = useErrorPopup('feedback');
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ copied: boolean } | null>(null);

  const problems = useFormProblems<HTMLFormElement>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) return setProblem('description');
    if (screenshot && screenshot.size > FEEDBACK_SCREENSHOT_MAX_BYTES)
      return setProblem('screenshot-too-large');
    setProblem(null);
    setSending(true);
    try {
      const answer = await apiSend<{ copied: boolean }>('POST', '/api/feedback', {
        description,
        email,
        page: from,
        language: language === 'ja' ? 'en' : language,
        ...(error ? { error } : {}),
        ...(screenshot ? { screenshot: await readAsDataUrl(screenshot) } : {}),
      });
      setSent({ copied: answer.copied });
    } catch (failure) {
      const named = failure instanceof ApiRequestError ? failure.body?.details?.problem : undefined;
      if (named === 'description-required') setProblem('description');
      else if (named === 'screenshot-too-large' || named === 'screenshot-unreadable')
        setProblem(named);
      else if (failure instanceof ApiRequestError && failure.body?.error === 'INVALID_EMAIL')
        setProblem('email');
      else showError(failure);
    } finally {
      setSending(false);
    }
  };

  if (sent)
    return (
      <PageFrame page={page}>
        <Alert color="green" title={t('sent.title')} data-testid="feedback-sent">
          <Stack gap="xs">
            <Text size="sm">{t('sent.body')}</Text>
            {sent.copied && <Text size="sm">{t('sent.copy')}</Text>}
            <Link to={from}>{t('sent.back')}</Link>
          </Stack>
        </Alert>
      </PageFrame>
    );

  return (
    <PageFrame page={page}>
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        ref={problems.ref}
        onSubmit={(event) => void submit(event).then(problems.reveal)}
        noValidate
      >
        <Stack>
          <Textarea
            label={t('form.description')}
            description={t('form.descriptionHelp')}
            required
            autosize
            minRows={5}
            maxLength={FEEDBACK_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={problem === 'description' ? t('form.descriptionRequired') : undefined}
            data-testid="feedback-description"
          />
          <TextInput
            type="email"
            label={t('form.email')}
            description={member ? t('form.emailMember') : t('form.emailVisitor')}
            value={email}
            maxLength={254}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={problem === 'email' ? t('form.emailInvalid') : undefined}
            data-testid="feedback-email"
          />
          <FileInput
            label={t('form.screenshot')}
            description={t('form.screenshotHelp', {
              mb: FEEDBACK_SCREENSHOT_MAX_BYTES / 1_000_000,
            })}
            accept={FEEDBACK_SCREENSHOT_TYPES.join(',')}
            clearable
            value={screenshot}
            onChange={setScreenshot}
            error={
              problem === 'screenshot-too-large' || problem === 'screenshot-unreadable'
                ? t(`form.${problem}`, { mb: FEEDBACK_SCREENSHOT_MAX_BYTES / 1_000_000 })
                : undefined
            }
          />
          <Text size="sm" c="gray.7" data-testid="feedback-context">
            {t('form.context', { page: from })}
            {error ? ` ${t('form.contextError', { error })}` : ''}
          </Text>
          <Button type="submit" loading={sending} data-testid="feedback-submit">
            {t('form.submit')}
          </Button>
        </Stack>
      </Paper>
    </PageFrame>
  );
}

export { FeedbackPage };
