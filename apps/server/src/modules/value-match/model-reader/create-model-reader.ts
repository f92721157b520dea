import type { Db } from '../../../db/connection.ts';
import type { ReaderCache } from './confirm-candidates.ts';
import { createReaderAnswersRepository } from './reader-answers.repository.ts';
import { createModelReaderClient, type ModelReaderClient } from './reader-client.ts';

/**
 * The model reader when an OpenAI-compatible endpoint is configured (AI_BASE_URL and AI_MODEL,
 * as for message writing) and not kept to writing (AI_MATCH_READER_ENABLED=false), else
 * undefined: the rule engine alone decides.
 */
export function createModelReader(
  config: { ai: { baseUrl?: string; apiKey?: string; model?: string; matchReader?: boolean } },
  db: Db,
): { client: ModelReaderClient; cache: ReaderCache } | undefined {
  const baseUrl = config.ai.baseUrl?.trim();
  const model = config.ai.model?.trim();
  if (!baseUrl || !model || config.ai.matchReader === false) return undefined;
  return {
    client: createModelReaderClient({ baseUrl, apiKey: config.ai.apiKey?.trim() || undefined, model }),
    cache: createReaderAnswersRepository(db),
  };
}
