import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type {
  MailLanguage,
  NewsletterTopic,
  PreferenceAction,
  PreferenceView,
} from '../../../core/newsletter.ts';
import type { PageDef } from '../../lib/site-map.ts';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useErrorPopup } from '../../lib/use-error-popup.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { useAuth } from '../auth/index.ts';
import { newsletterApi } from './newsletter-api.ts';
import { MailLanguageChoice, Outcome, TopicChoices } from './newsletter-parts.tsx';
import { AskLinkForm } from './ask-link-form.tsx';

/** States that get mail (or will once resumed) and so show the topics to change. */
const RECEIVING = new Set(['subscribed', 'paused']);

/** Loads the subscription a signed link (or the signed-in member) names; `invalid` for a link that names none. */
export function useSubscription(token: string | null, signedIn: boolean) {
  const [subscription, setSubscription] = useState<PreferenceView | null>(null);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (!token && !signedIn) return;
    let live = true;
    newsletterApi.preference(token).then(
      (view) => live && setSubscription(view),
      (error: unknown) =>
        live && setInvalid(error instanceof ApiRequestError && error.status === 400),
    );
    return () => {
      live = false;
    };
  }, [token, signedIn]);
  return { subscription, setSubscription, invalid };
}

/** The message of docs/product/newsletter.md#rules for a link that names no subscriber; never says whether an address is subscribed. */
export function LinkInvalid() {
  const { t } = useTranslation();
  const { t: tn } = useTranslation('newsletter');
  return (
    <Outcome
      color="red"
      title={tn('preference.invalidTitle')}
      testId="newsletter-link-invalid"
      next={
        <Anchor component={Link} to="/edm" size="sm">
          {tn('preference.subscribeInstead')}
        </Anchor>
      }
    >
      <Text size="sm">{t('errors.NEWSLETTER_LINK_INVALID')}</Text>
    </Outcome>
  );
}

/**
 * /edm/preference: from the signed link in every newsletter (no login) or signed in from the
 * profile: topics and language, pause, unsubscribe, resubscribe.
 */
export function PreferencePage({ page }: { page: PageDef }) {
  const { t } = useTranslation('newsletter');
  const { member, openLogin } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('t');
  const { subscription, setSubscription, invalid } = useSubscription(token, member !== null);

  return (
    <PageFrame page={page}>
      {invalid ? (
        <LinkInvalid />
      ) : !token && !member ? (
        <Paper withBorder radius="md" p="lg" maw={560} data-testid="newsletter-preference-how">
          <Stack gap="md">
            <Text>{t('preference.how')}</Text>
            <Group gap="sm">
              <Button onClick={() => openLogin({ mode: 'login' })}>{t('preference.signIn')}</Button>
              <Button component={Link} to="/edm" variant="default">
                {t('preference.subscribe')}
              </Button>
            </Group>
            <AskLinkForm />
          </Stack>
        </Paper>
      ) : !subscription ? (
        <Loader size="sm" />
      ) : (
        <PreferenceForm token={token} subscription={subscription} onChange={setSubscription} />
      )}
    </PageFrame>
  );
}

function PreferenceForm({
  token,
  subscription,
  onChange,
}: {
  token: string | null;
  subscription: PreferenceView;
  onChange: (view: PreferenceView) => void;
}) {
  const { t } = useTranslation('newsletter');
  const failed = useErrorPopup();
  const [topics, setTopics] = useState<NewsletterTopic[]>(subscription.topics);
  const [language, setLanguage] = useState<MailLanguage>(subscription.language);
  const [busy, setBusy] = useState<PreferenceAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [topicsError, setTopicsError] = useState<string | null>(null);

  const act = async (action: PreferenceAction) => {
    if ((action === 'save' || action === 'resubscribe') && topics.length === 0)
      return setTopicsError(t('form.topicsNone'));
    setTopicsError(null);
    setBusy(action);
    try {
      const answer = await newsletterApi.change(
        token,
        action,
        action === 'save' || action === 'resubscribe' ? { topics, language } : {},
      );
      onChange(answer.subscription);
      setNotice(
        answer.confirmationSent ? t('preference.confirmationSent') : t(`preference.done.${action}`),
      );
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(null);
    }
  };

  const receiving = RECEIVING.has(subscription.state);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      maw={600}
      data-testid="newsletter-preference"
      data-state={subscription.state}
    >
      <Stack gap="md">
        <Group gap="sm">
          <Text fw={600}>{subscription.email}</Text>
          <Badge variant="default" size="lg" data-testid="newsletter-state">
            {t(`states.${subscription.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`stateHints.${subscription.state}`)}
        </Text>
        {notice && (
          <Alert
            color="blue"
            data-testid="newsletter-notice"
            withCloseButton
            closeButtonLabel={t('close')}
            onClose={() => setNotice(null)}
          >
            {notice}
          </Alert>
        )}
        <TopicChoices value={topics} onChange={setTopics} error={topicsError} />
        <MailLanguageChoice value={language} onChange={setLanguage} />
        <Group gap="sm">
          {receiving ? (
            <>
              <Button
                loading={busy === 'save'}
                onClick={() => void act('save')}
                data-testid="newsletter-save"
              >
                {t('preference.save')}
              </Button>
              {subscription.state === 'paused' ? (
                <Button
                  variant="default"
                  loading={busy === 'resume'}
                  onClick={() => void act('resume')}
                  data-testid="newsletter-resume"
                >
                  {t('preference.resume')}
                </Button>
              ) : (
                <Button
                  variant="default"
                  loading={busy === 'pause'}
                  onClick={() => void act('pause')}
                  data-testid="newsletter-pause"
                >
                  {t('preference.pause')}
                </Button>
              )}
              <Button
                variant="subtle"
                color="red"
                loading={busy === 'unsubscribe'}
                onClick={() => void act('unsubscribe')}
                data-testid="newsletter-unsubscribe"
              >
                {t('preference.unsubscribe')}
              </Button>
            </>
          ) : (
            <Button
              loading={busy === 'resubscribe'}
              onClick={() => void act('resubscribe')}
              data-testid="newsletter-resubscribe"
            >
              {subscription.state === 'none'
                ? t('preference.subscribe')
                : t('preference.resubscribe')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
