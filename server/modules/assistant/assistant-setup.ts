import type { Config } from '../../config.ts';
import { Assistant } from './assistant.service.ts';
import { knowledgeOf, vocabularyOf, type AssistantSources } from './knowledge.ts';
import { LanguageModel } from './language-model.ts';

/** The assistant as the server builds it: a language model only when all three settings are given. */
export function assistantFromConfig(config: Config, sources: AssistantSources): Assistant {
  const model =
    config.ASSISTANT_MODEL_URL && config.ASSISTANT_MODEL_KEY && config.ASSISTANT_MODEL_NAME
      ? new LanguageModel({
          url: config.ASSISTANT_MODEL_URL,
          key: config.ASSISTANT_MODEL_KEY,
          model: config.ASSISTANT_MODEL_NAME,
        })
      : null;
  return new Assistant({
    vocabulary: () => vocabularyOf(sources),
    knowledge: knowledgeOf(sources),
    model,
  });
}
