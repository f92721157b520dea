import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/connection.ts';
import { createModelReader } from './create-model-reader.ts';

// Only the configuration is read here: no query runs until the reader answers a question.
const db = {} as Db;

describe('createModelReader', () => {
  it('reads with the message writer’s endpoint when one is configured', () => {
    const reader = createModelReader({ ai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' } }, db);
    expect(reader?.client).toBeDefined();
  });

  it('leaves matching to the rules without an endpoint and model, or when the endpoint is kept to writing', () => {
    expect(createModelReader({ ai: {} }, db)).toBeUndefined();
    expect(createModelReader({ ai: { baseUrl: 'http://127.0.0.1:11434/v1' } }, db)).toBeUndefined();
    expect(
      createModelReader({ ai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', matchReader: false } }, db),
    ).toBeUndefined();
  });
});
