import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testEngine } from '../../testing/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/health', () => {
  it('answers ok and names the database engine it runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testEngine() });
  });

  it('answers without a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: 'better-auth.session_token=nonsense' },
    });
    expect(res.statusCode).toBe(200);
  });
});
