import type { FastifyInstance } from 'fastify';
import { invalidField } from '../lib/http-error.ts';

/**
 * The field of a parsed request (params, query or body) whose text or key holds U+0000, or null.
 * Walks without recursion: a body may nest as deep as its size allows.
 */
function fieldWithNul(root: unknown): string | null {
  const pending: [unknown, string][] = [[root, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, field] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return field;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, item] of Object.entries(value)) {
      const at = field ? `${field}.${key}` : key;
      if (key.includes('\u0000')) return at;
      pending.push([item, at]);
    }
  }
  return null;
}

/**
 * No text the API takes may hold the NUL character: PostgreSQL can neither store it (in text or
 * jsonb) nor compare with it, so the query failed and the client got a 500, while SQLite kept it.
 * Checked on what validation let through, before any handler, and refused as a validation failure
 * naming the field, in the path, query and body alike.
 */
export function registerNoNulText(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const field = fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? fieldWithNul(request.body);
    if (field !== null) throw invalidField(field || 'body', 'must not contain the NUL character', 'nul_character');
  });
}
