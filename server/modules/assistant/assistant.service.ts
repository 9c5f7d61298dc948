import type { Answer, AnswerEvent } from '../../../core/assistant.ts';
import { Answers, type AnswerLanguage, type Knowledge } from './answers.ts';
import type { LanguageModel } from './language-model.ts';
import { readQuestion, type Vocabulary } from './understanding.ts';

/**
 * The assistant (docs/assistant.md): reads a question, answers it from the product's data with
 * its sources, and, when a language model is configured, has the model word that answer from the
 * same rows. Without a model the built-in answer is the product.
 */
export class Assistant {
  #vocabulary: Vocabulary | null = null;

  constructor(
    private readonly options: {
      vocabulary: () => Vocabulary;
      knowledge: Knowledge;
      model: LanguageModel | null;
    },
  ) {}

  /** The built-in answer. */
  async answer(question: string, language: AnswerLanguage): Promise<Answer> {
    this.#vocabulary ??= this.options.vocabulary();
    const answers = new Answers(this.options.knowledge, language);
    const reading = readQuestion(question, this.#vocabulary.find(question));
    switch (reading.intent) {
      case 'transfer':
        return answers.transfer(reading.currency, reading.programme);
      case 'award':
        return answers.award(reading.origin, reading.destination, reading.cabin, reading.programme);
      case 'card':
        return answers.card(reading.wish);
      case 'storefront':
        return answers.storefront(reading.programme);
      case 'guide':
        return answers.guide(question);
    }
  }

  /**
   * The answer as it streams: the model's words then the answer with them as its text, or the
   * built-in answer at once. A model that fails before its first word leaves the built-in answer;
   * one that fails half-way ends the stream with an error.
   */
  async *stream(question: string, language: AnswerLanguage): AsyncGenerator<AnswerEvent> {
    const answer = await this.answer(question, language);
    const model = this.options.model;
    if (!model || !answer.found) {
      yield { type: 'answer', answer };
      yield { type: 'done' };
      return;
    }
    let text = '';
    try {
      for await (const words of model.words(question, answer, language)) {
        text += words;
        yield { type: 'text', text: words };
      }
    } catch (error) {
      if (text) throw error;
    }
    yield {
      type: 'answer',
      answer: text ? { ...answer, paragraphs: [text], items: [] } : answer,
    };
    yield { type: 'done' };
  }
}
