import type { AnswerEvent, Conversation, ConversationSummary } from '../../../core/assistant.ts';
import { apiGet, apiPostStream, apiSend } from '../../lib/api-client.ts';

/**
 * Asks the assistant (docs/assistant.md#api) and hands each line of its answer to `onEvent` as it
 * arrives. An error answer (too short, maintenance, the daily limit) throws before any line.
 */
export async function askAssistant(
  question: string,
  lang: 'en' | 'zh-Hant' | 'zh-Hans',
  conversationId: string | null,
  onEvent: (event: AnswerEvent) => void,
): Promise<void> {
  const response = await apiPostStream('/api/assistant/ask', {
    question,
    lang,
    ...(conversationId ? { conversationId } : {}),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as AnswerEvent);
  }
  if (buffered.trim()) onEvent(JSON.parse(buffered) as AnswerEvent);
}

/** A member's kept conversations (docs/assistant.md#kept-conversations). */
export const conversationsApi = {
  list: () =>
    apiGet<{ conversations: ConversationSummary[] }>('/api/assistant/conversations').then(
      (answer) => answer.conversations,
    ),
  get: (id: string) =>
    apiGet<{ conversation: Conversation }>(`/api/assistant/conversations/${id}`).then(
      (answer) => answer.conversation,
    ),
  delete: (id: string) => apiSend<unknown>('DELETE', `/api/assistant/conversations/${id}`),
};
