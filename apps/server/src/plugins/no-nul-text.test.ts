import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let rita: string;
beforeAll(async () => {
  t = await createTestApp();
  rita = await t.signIn('rita@acme.test');
});
afterAll(() => t?.close());

describe('text holding the NUL character', () => {
  it.each([
    ['a body field', { method: 'POST', url: '/api/workspaces', payload: { name: 'Q3\u0000 targets' } }, 'name'],
    [
      'an item of a body array',
      { method: 'POST', url: '/api/users/by-ids', payload: { uids: ['a', 'b\u0000'] } },
      'uids.1',
    ],
    ['a query parameter', { method: 'GET', url: '/api/territory?industry=Retail%00' }, 'industry'],
    ['a path parameter', { method: 'GET', url: '/api/lists/list%00' }, 'listId'],
  ] as const)(
    'is refused in %s, naming the field, on either database (PostgreSQL cannot store it)',
    async (_where, request, field) => {
      const res = await t.app.inject({ ...request, headers: { cookie: rita } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: `${field}: must not contain the NUL character`,
          details: { fields: [{ field, message: 'must not contain the NUL character', reason: 'nul_character' }] },
        },
      });
    },
  );

  it('is taken without the NUL character', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { cookie: rita },
      payload: { name: 'Q3 targets' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
