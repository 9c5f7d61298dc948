import type { AnswerEvent } from '../../../core/assistant.ts';
import { apiPostStream } from '../../lib/api-client.ts';

/**
 * Asks the assistant (docs/assistant.md#api) and hands each line of its answer to `onEvent` as it
 * arrives. An error answer (too short, maintenance, the daily limit) throws before any line.
 */
export async function askAssistant(
  question: string,
  lang: 'en' | 'zh-Hant' | 'zh-Hans',
  onEvent: (event: AnswerEvent) => void,
): Promise<void> {
  const response = await apiPostStream('/api/assistant/ask', { question, lang });
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
