import { Anchor, Button, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isValidEmail, normalizeEmail } from '../../../core/auth.ts';
import {
  NEWSLETTER_TOPICS,
  mailLanguageOf,
  type MailLanguage,
  type NewsletterTopic,
  type PreferenceView,
} from '../../../core/newsletter.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { CaptchaField } from '../../components/captcha-field.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { CheckedForm } from '../../components/checked-form.tsx';
import { useAuth } from '../auth/index.ts';
import { newsletterApi } from './newsletter-api.ts';
import { MailLanguageChoice, Outcome, TopicChoices } from './newsletter-parts.tsx';

/** What the confirmation link's visit came to. */
type Confirmation =
  | { state: 'checking' }
  | { state: 'done'; subscription: PreferenceView; token: string; already: boolean }
  | { state: 'failed'; message: string };

/**
 * /edm: subscribe (e-mail, topics, language of the mail, robot check); the answer is the same
 * whatever the address, and the confirmation e-mail's link (`?confirm=`) comes back here.
 */
export function SubscribePage({ page }: { page: PageDef }) {
  const [params] = useSearchParams();
  const confirm = params.get('confirm');
  return (
    <PageFrame page={page}>
      {confirm ? <ConfirmLanding token={confirm} /> : <SubscribeForm />}
    </PageFrame>
  );
}

function ConfirmLanding({ token }: { token: string }) {
  const { t } = useTranslation('newsletter');
  const { t: common } = useTranslation();
  const [outcome, setOutcome] = useState<Confirmation>({ state: 'checking' });
  useEffect(() => {
    newsletterApi.confirm(token).then(
      (answer) =>
        setOutcome({
          state: 'done',
          subscription: answer.subscription,
          token: answer.token,
          already: answer.alreadySubscribed,
        }),
      (error: unknown) =>
        setOutcome({
          state: 'failed',
          message: common(
            `errors.${error instanceof ApiRequestError && error.body ? error.body.error : 'INTERNAL'}`,
          ),
        }),
    );
  }, [token, common]);
  if (outcome.state === 'checking') return <Loader size="sm" aria-label={t('confirm.checking')} />;
  if (outcome.state === 'failed') {
    return (
      <Outcome
        color="red"
        title={t('confirm.failedTitle')}
        testId="newsletter-confirm-failed"
        next={
          <Anchor component={Link} to="/edm">
            {t('confirm.again')}
          </Anchor>
        }
      >
        <Text size="sm">{outcome.message}</Text>
      </Outcome>
    );
  }
  const { subscription } = outcome;
  return (
    <Outcome
      color="green"
      title={t(outcome.already ? 'confirm.alreadyTitle' : 'confirm.doneTitle')}
      testId="newsletter-confirmed"
      next={
        <Anchor
          component={Link}
          to={`/edm/preference?t=${encodeURIComponent(outcome.token)}`}
          data-testid="newsletter-manage"
        >
          {t('confirm.manage')}
        </Anchor>
      }
    >
      <Text size="sm">
        {t('confirm.done', {
          email: subscription.email,
          topics: subscription.topics.map((topic) => t(`topics.${topic}`)).join(t('listSeparator')),
          language: common(`languages.${subscription.language}`),
        })}
      </Text>
    </Outcome>
  );
}

function SubscribeForm() {
  const { t } = useTranslation('newsletter');
  const { language } = useAppState();
  const { member } = useAuth();
  const failed = useErrorPopup();
  const [email, setEmail] = useState(member?.email ?? '');
  const [topics, setTopics] = useState<NewsletterTopic[]>([...NEWSLETTER_TOPICS]);
  const [mailLanguage, setMailLanguage] = useState<MailLanguage>(mailLanguageOf(language));
  const [captcha, setCaptcha] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [problems, setProblems] = useState<{ email?: string; topics?: string; captcha?: string }>(
    {},
  );
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onToken = useCallback((token: string) => setCaptcha(token), []);

  useEffect(() => {
    if (member?.email) setEmail((current) => current || (member.email ?? ''));
  }, [member]);

  const submit = async () => {
    const trimmed = normalizeEmail(email);
    const found = {
      ...(isValidEmail(trimmed) ? {} : { email: t('form.emailInvalid') }),
      ...(topics.length > 0 ? {} : { topics: t('form.topicsNone') }),
      ...(captcha ? {} : { captcha: t('form.robotNeeded') }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await newsletterApi.subscribe({ email: trimmed, topics, language: mailLanguage, captcha });
      setSentTo(trimmed);
    } catch (error) {
      // Each answer to the robot check is good once.
      setCaptchaRound((round) => round + 1);
      const name = error instanceof ApiRequestError ? error.body?.error : undefined;
      if (name === 'INVALID_EMAIL' || name === 'BAD_EMAIL_DOMAIN')
        setProblems({
          email: t(name === 'INVALID_EMAIL' ? 'form.emailInvalid' : 'form.emailDomain'),
        });
      else await failed(error);
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <Outcome
        color="blue"
        title={t('form.sentTitle')}
        testId="newsletter-sent"
        next={
          <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
            {t('form.another')}
          </Anchor>
        }
      >
        <Text size="sm">{t('form.sent', { email: sentTo })}</Text>
      </Outcome>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" maw={560}>
      <CheckedForm onSubmit={submit} testId="newsletter-form">
        <Stack gap="md">
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={problems.email}
            data-testid="newsletter-email"
          />
          <TopicChoices value={topics} onChange={setTopics} error={problems.topics ?? null} />
          <MailLanguageChoice value={mailLanguage} onChange={setMailLanguage} />
          <CaptchaField onToken={onToken} resetKey={captchaRound} error={problems.captcha} />
          <Text size="xs" c="dimmed">
            {t('form.promise')}
          </Text>
          <Button type="submit" loading={busy} data-testid="newsletter-subscribe">
            {t('form.submit')}
          </Button>
          <Anchor component={Link} to="/edm/preference" size="sm">
            {t('form.manage')}
          </Anchor>
        </Stack>
      </CheckedForm>
    </Paper>
  );
}
