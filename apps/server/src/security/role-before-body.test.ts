import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let rita: string;
let ada: string;
beforeAll(async () => {
  t = await createTestApp();
  [rita, ada] = await Promise.all([t.signIn('rita@acme.test'), t.signIn('ada@acme.test')]);
});
afterAll(() => t?.close());

/** A body no route accepts: every required field missing, one unknown. */
const BAD = { nonsense: true };

it.each([
  ['POST', '/api/signal-sources', 'admin_only'],
  ['PATCH', '/api/signal-sources/src_1', 'admin_only'],
  ['POST', '/api/support/alerts', 'support_only'],
  ['PUT', '/api/support/alerts/alert_1', 'support_only'],
  ['POST', '/api/triggers', 'admin_or_manager_only'],
  ['PATCH', '/api/value-hypotheses/hyp_1', 'admin_or_manager_only'],
  ['PUT', '/api/target-titles', 'admin_or_manager_only'],
  ['PUT', '/api/integrations/apollo', 'admin_only'],
  ['PUT', '/api/integrations/apollo/field-mappings', 'admin_only'],
] as const)('%s %s refuses a rep with 403 before reading a bad body, naming no field', async (method, url, reason) => {
  const res = await t.app.inject({ method, url, headers: { cookie: rita }, payload: BAD });
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error.details?.reason).toBe(reason);
});

it('still answers the role holder a 400 that names the field', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signal-sources',
    headers: { cookie: ada },
    payload: BAD,
  });
  expect(res.statusCode).toBe(400);
});
