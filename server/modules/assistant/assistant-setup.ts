import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { Assistant } from './assistant.service.ts';
import { Conversations } from './conversations.ts';
import { knowledgeOf, vocabularyOf, type AssistantSources } from './knowledge.ts';
import { LanguageModel } from './language-model.ts';

/**
 * The assistant as the server and the worker build it: a language model only when all three
 * settings are given; members' conversations, and the daily job that forgets lapsed ones.
 */
export function assistantFromConfig(
  config: Config,
  sources: AssistantSources,
  options: { database: Database; log: FastifyBaseLogger },
) {
  const model =
    config.ASSISTANT_MODEL_URL && config.ASSISTANT_MODEL_KEY && config.ASSISTANT_MODEL_NAME
      ? new LanguageModel({
          url: config.ASSISTANT_MODEL_URL,
          key: config.ASSISTANT_MODEL_KEY,
          model: config.ASSISTANT_MODEL_NAME,
        })
      : null;
  const knowledge = knowledgeOf(sources);
  const assistant = new Assistant({ vocabulary: () => vocabularyOf(sources), knowledge, model });
  const conversations = new Conversations(options.database.db);
  return { assistant, knowledge, conversations, jobs: conversations.jobs(options.log) };
}
