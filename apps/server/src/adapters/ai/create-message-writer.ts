import { createBuiltInComposer } from './built-in-composer.ts';
import type { MessageWriter } from './message-writer.ts';
import { createOpenAiCompatibleWriter } from './openai-compatible-writer.ts';

/** The OpenAI-compatible client when AI_BASE_URL and AI_MODEL are set; else the built-in composer. */
export function createMessageWriter(config: {
  ai: { baseUrl?: string; apiKey?: string; model?: string };
}): MessageWriter {
  const baseUrl = config.ai.baseUrl?.trim();
  const model = config.ai.model?.trim();
  if (baseUrl && model) {
    return createOpenAiCompatibleWriter({ baseUrl, apiKey: config.ai.apiKey?.trim() || undefined, model });
  }
  return createBuiltInComposer();
}
