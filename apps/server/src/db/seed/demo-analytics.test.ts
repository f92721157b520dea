import type { Report } from '@quarry/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { seedDemoAnalytics } from './demo-analytics.ts';

const NOW = new Date('2026-03-31T18:00:00.000Z');

let t: TestApp;
let stored: number;
beforeAll(async () => {
  t = await createTestApp();
  stored = await seedDemoAnalytics(t.handle.db, NOW);
});
afterAll(() => t?.close());

it("seeds Acme's last sixty days once, and Reporting shows them to Acme's manager", async () => {
  expect(stored).toBeGreaterThan(500);
  expect(await seedDemoAnalytics(t.handle.db, NOW)).toBe(0);

  const res = await t.app.inject({
    method: 'GET',
    url: '/api/reporting?from=2026-01-31&to=2026-03-31',
    headers: { cookie: await t.signIn('mike@acme.test') },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as Report;
  const logins = await t.handle.db
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', 'tnt_acme')
    .where('event', '=', 'User Login')
    .executeTakeFirstOrThrow();
  expect(body.days).toHaveLength(60);
  expect(body.days.reduce((sum, d) => sum + d.sign_ins, 0)).toBe(Number(logins.n));
  expect(body.events.reduce((sum, e) => sum + e.count, 0) + body.pages.reduce((s, p) => s + p.views, 0)).toBe(stored);
  const active = body.users.filter((u) => u.days_active > 0).map((u) => u.email);
  expect(active.sort()).toEqual(['ada@acme.test', 'mike@acme.test', 'raj@acme.test', 'rita@acme.test']);
  expect(body.pages[0]?.page).toBe('/');
});

it('draws the same events from the same seed', async () => {
  const other = await createTestApp();
  try {
    expect(await seedDemoAnalytics(other.handle.db, NOW)).toBe(stored);
  } finally {
    await other.close();
  }
});
