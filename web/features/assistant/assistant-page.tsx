import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { questionSize, type Answer } from '../../../core/assistant.ts';
import { MaintenanceNotice } from '../../components/notice-screens.tsx';
import { PageFrame } from '../../components/page-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { useAppState } from '../../lib/app-context.tsx';
import type { PageDef } from '../../lib/site-map.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { askAssistant, conversationsApi } from './ask-api.ts';
import { KeptConversations } from './kept-conversations.tsx';
import { useAuth } from '../auth/index.ts';

/** One exchange: the question, and the answer as it arrives (or what went wrong). */
interface Exchange {
  id: number;
  question: string;
  /** A language model's words while they stream. */
  streamed: string;
  answer: Answer | null;
  failure: 'error' | 'message' | null;
  message?: string;
}

/** The examples show one question of each kind the assistant answers. */
const EXAMPLES = {
  en: [
    'Can I transfer Chase points to Aeroplan?',
    'TPE to Tokyo business with Asia Miles?',
    'No annual fee cards with lounge access',
    'Is LifeMiles on sale now?',
  ],
  'zh-Hant': [
    'Amex 點數可以轉長榮嗎？比例多少？',
    '台北到東京商務艙要多少亞洲萬里通？',
    '哪張卡餐廳回饋最好？',
    'LifeMiles 現在有促銷嗎？',
  ],
  'zh-Hans': [
    'Amex 积分可以转长荣吗？比例多少？',
    '台北到东京公务舱要多少亚洲万里通？',
    '哪张卡餐饮返现最高？',
    'LifeMiles 现在有促销吗？',
  ],
} as const;

function AnswerView({ exchange }: { exchange: Exchange }) {
  const { t } = useTranslation('assistant');
  const answer = exchange.answer;
  if (exchange.failure)
    return (
      <Alert color="red" data-testid="assistant-error">
        {exchange.failure === 'error' ? t('page.error') : exchange.message}
      </Alert>
    );
  if (!answer && !exchange.streamed)
    return (
      <Group gap="xs" role="status" data-testid="assistant-typing">
        <Loader type="dots" size="sm" />
        <Text size="sm" c="gray.7">
          {t('page.typing')}
        </Text>
      </Group>
    );
  const paragraphs = answer ? answer.paragraphs : [exchange.streamed];
  return (
    <Stack gap="xs" data-testid="assistant-answer">
      {paragraphs.map((paragraph, index) => (
        <Text key={index} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {paragraph}
        </Text>
      ))}
      {answer && answer.items.length > 0 && (
        <List size="sm" spacing={4}>
          {answer.items.map((item, index) => (
            <List.Item key={index}>
              {item.href ? (
                <Anchor component={Link} to={item.href} size="sm">
                  {item.text}
                </Anchor>
              ) : (
                item.text
              )}
            </List.Item>
          ))}
        </List>
      )}
      {answer?.action && (
        <div>
          <Button component={Link} to={answer.action.href} size="xs" variant="light">
            {answer.action.label}
          </Button>
        </div>
      )}
      {answer && answer.sources.length > 0 && (
        <Stack gap={2} data-testid="assistant-sources">
          <Text size="xs" fw={600}>
            {t('page.sources')}
          </Text>
          {answer.sources.map((source, index) => (
            <Text key={index} size="xs">
              {source.href.startsWith('/') ? (
                <Anchor component={Link} to={source.href} size="xs">
                  {source.title}
                </Anchor>
              ) : (
                <Anchor href={source.href} target="_blank" rel="noopener noreferrer" size="xs">
                  {source.title}
                </Anchor>
              )}
              {source.asOf ? ` · ${t('page.asOf', { date: source.asOf })}` : ''}
            </Text>
          ))}
        </Stack>
      )}
      {/* SPEC's accuracy warning, on every answer. */}
      <Text size="xs" c="gray.7" data-testid="assistant-warning">
        {t('page.warning')}
      </Text>
    </Stack>
  );
}

/** /asktripplus: questions answered from TripPlus's own data, with sources (docs/assistant.md). */
export function AssistantPage({ page }: { page: PageDef }) {
  const { t, i18n } = useTranslation('assistant');
  const { language, config } = useAppState();
  const lang = language === 'ja' ? 'en' : language;
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [hint, setHint] = useState(false);
  const [maintenance, setMaintenance] = useState(config.assistant.maintenance);
  const [busy, setBusy] = useState(false);
  const { member } = useAuth();
  // A member's questions are kept in a conversation (docs/assistant.md#kept-conversations).
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [keptCount, setKeptCount] = useState(0);
  const next = useRef(1);

  const update = (id: number, change: (exchange: Exchange) => Exchange) =>
    setExchanges((all) =>
      all.map((exchange) => (exchange.id === id ? change(exchange) : exchange)),
    );

  const ask = async (asked: string) => {
    const words = asked.trim();
    if (questionSize(words) < config.assistant.minSize) return setHint(true);
    setHint(false);
    setQuestion('');
    const id = next.current++;
    setExchanges((all) => [
      ...all,
      { id, question: words, streamed: '', answer: null, failure: null },
    ]);
    setBusy(true);
    try {
      await askAssistant(words, lang, conversationId, (event) => {
        if (event.type === 'kept') {
          setConversationId(event.conversationId);
          setKeptCount((count) => count + 1);
        } else if (event.type === 'text')
          update(id, (exchange) => ({ ...exchange, streamed: exchange.streamed + event.text }));
        else if (event.type === 'answer')
          update(id, (exchange) => ({ ...exchange, answer: event.answer }));
        else if (event.type === 'error')
          update(id, (exchange) => ({ ...exchange, failure: 'error' }));
      });
    } catch (failure) {
      const name = failure instanceof ApiRequestError ? failure.body?.error : undefined;
      if (name === 'ASSISTANT_MAINTENANCE') setMaintenance(true);
      if (name === 'QUESTION_TOO_SHORT') {
        setHint(true);
        setExchanges((all) => all.filter((exchange) => exchange.id !== id));
      } else if (name === 'ASSISTANT_DAILY_LIMIT' || name === 'RATE_LIMITED')
        update(id, (exchange) => ({
          ...exchange,
          failure: 'message',
          message: errorMessage(failure, i18n.fixedT('common'), (key) => i18n.exists(key)),
        }));
      else update(id, (exchange) => ({ ...exchange, failure: 'error' }));
    } finally {
      setBusy(false);
    }
  };

  const open = async (id: string) => {
    try {
      const conversation = await conversationsApi.get(id);
      setConversationId(id);
      setExchanges(
        conversation.messages.map((message) => ({
          id: next.current++,
          question: message.question,
          streamed: '',
          answer: message.answer,
          failure: null,
        })),
      );
    } catch {
      setConversationId(null);
    }
  };
  const startOver = () => {
    setExchanges([]);
    setConversationId(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(question);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter asks; Shift+Enter starts a new line; an input method composing Chinese keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  if (maintenance)
    return (
      <PageFrame page={page}>
        <MaintenanceNotice />
      </PageFrame>
    );

  return (
    <PageFrame page={page}>
      <Alert color="yellow" data-testid="assistant-accuracy">
        {t('page.warning')}
      </Alert>
      {member && (
        <KeptConversations
          current={conversationId}
          refresh={keptCount}
          onOpen={(id) => void open(id)}
          onDeleted={(id) => id === conversationId && startOver()}
        />
      )}
      <Stack gap="md" aria-live="polite">
        {exchanges.map((exchange) => (
          <Stack key={exchange.id} gap="xs">
            <Paper
              withBorder
              radius="md"
              p="sm"
              bg="blue.0"
              ml="auto"
              maw="85%"
              data-testid="assistant-question"
            >
              <Text size="xs" fw={600} c="gray.7">
                {t('page.you')}
              </Text>
              <Text size="sm">{exchange.question}</Text>
            </Paper>
            <Paper withBorder radius="md" p="sm" maw="95%">
              <Text size="xs" fw={600} c="gray.7" mb={4}>
                {t('page.assistant')}
              </Text>
              <AnswerView exchange={exchange} />
            </Paper>
          </Stack>
        ))}
      </Stack>
      {exchanges.length === 0 && (
        <Stack gap={4}>
          <Text size="sm">{t('page.examples')}</Text>
          <Group gap="xs">
            {EXAMPLES[lang].map((example) => (
              <Button
                key={example}
                variant="default"
                size="xs"
                onClick={() => void ask(example)}
                disabled={busy}
              >
                {example}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label={t('page.label')}
            placeholder={t('page.placeholder')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={500}
            value={question}
            onChange={(event) => {
              setQuestion(event.currentTarget.value);
              setHint(false);
            }}
            onKeyDown={onKeyDown}
            error={hint ? t('page.tooShort') : undefined}
            data-testid="assistant-input"
          />
          <Group justify="space-between">
            {exchanges.length > 0 ? (
              <Button variant="subtle" size="xs" onClick={startOver} disabled={busy}>
                {t('page.clear')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={busy} data-testid="assistant-ask">
              {t('page.ask')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
