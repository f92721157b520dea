import { describe, expect, it } from 'vitest';
import { createMessageWriter } from './create-message-writer.ts';

describe('createMessageWriter', () => {
  it('uses the OpenAI-compatible client when a base URL and a model are configured', () => {
    const writer = createMessageWriter({ ai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' } });
    expect(writer.name).toBe('openai-compatible');
  });

  it('uses the built-in composer when either is missing or blank', () => {
    expect(createMessageWriter({ ai: {} }).name).toBe('built-in');
    expect(createMessageWriter({ ai: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-x' } }).name).toBe('built-in');
    expect(createMessageWriter({ ai: { baseUrl: ' ', model: 'gpt-4o-mini' } }).name).toBe('built-in');
  });
});
