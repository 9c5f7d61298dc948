import type { Answer } from '../../../core/assistant.ts';

/** Longest a model may take to answer; past it the built-in answer is sent instead. */
const MODEL_TIMEOUT_MS = 30_000;

const LANGUAGE_NAMES = {
  en: 'English',
  'zh-Hant': 'Traditional Chinese as written in Taiwan',
  'zh-Hans': 'Simplified Chinese',
} as const;

/**
 * An OpenAI-compatible chat-completions endpoint (docs/assistant.md#language-model). It is given the
 * question and the rows the built-in answer retrieved, numbered, as its only facts, and must cite
 * them; it streams its wording back. Nothing else of the member's goes to it.
 */
export class LanguageModel {
  constructor(
    private readonly options: { url: string; key: string; model: string },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  static prompt(question: string, answer: Answer, language: keyof typeof LANGUAGE_NAMES) {
    const facts = [
      ...answer.paragraphs,
      ...answer.items.map((item) => `- ${item.text}`),
      ...(answer.action ? [`${answer.action.label}: ${answer.action.href}`] : []),
    ].join('\n');
    const sources = answer.sources
      .map(
        (source, index) =>
          `[${index + 1}] ${source.title} (${source.href}${source.asOf ? `, checked ${source.asOf}` : ''})`,
      )
      .join('\n');
    return [
      {
        role: 'system' as const,
        content: [
          "You are TripPlus's assistant for miles, points and credit cards.",
          'Answer only from the facts below; never add a number, ratio, price or date they do not state.',
          'Cite the sources you use as [1], [2]. If the facts do not answer the question, say that you could not find it.',
          `Answer in ${LANGUAGE_NAMES[language]}, briefly.`,
          '',
          'Facts:',
          facts || '(none)',
          '',
          'Sources:',
          sources || '(none)',
        ].join('\n'),
      },
      { role: 'user' as const, content: question },
    ];
  }

  /** The model's words as they come; throws when the endpoint fails or answers nothing. */
  async *words(
    question: string,
    answer: Answer,
    language: keyof typeof LANGUAGE_NAMES,
  ): AsyncGenerator<string> {
    const response = await this.fetchImpl(
      `${this.options.url.replace(/\/$/, '')}/chat/completions`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.options.key}`,
        },
        body: JSON.stringify({
          model: this.options.model,
          stream: true,
          temperature: 0,
          messages: LanguageModel.prompt(question, answer, language),
        }),
        signal: AbortSignal.timeout(MODEL_TIMEOUT_MS),
      },
    );
    if (!response.ok || !response.body) throw new Error(`model answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const data = line.startsWith('data:') ? line.slice(5).trim() : '';
        if (!data || data === '[DONE]') continue;
        const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
        const text = parsed.choices?.[0]?.delta?.content;
        if (text) yield text;
      }
    }
  }
}
