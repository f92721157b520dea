import type { Report } from '@quarry/shared';
import dayjs from 'dayjs';
import fc from 'fast-check';
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

it('seeds no usage of uploads, which the product cannot produce yet: no /upload views, no "Accounts Uploaded"', async () => {
  const fabricated = await t.handle.db
    .selectFrom('analytics_events')
    .select(['event', 'name'])
    .where('tenant_id', '=', 'tnt_acme')
    .where((eb) => eb.or([eb('event', '=', 'Accounts Uploaded'), eb('name', '=', '/upload')]))
    .execute();
  expect(fabricated).toEqual([]);
});

it('draws the same events from the same seed', async () => {
  const other = await createTestApp();
  try {
    expect(await seedDemoAnalytics(other.handle.db, NOW)).toBe(stored);
  } finally {
    await other.close();
  }
});

it('agrees with counting the raw events, for any range over the seeded days', async () => {
  const cookie = await t.signIn('ada@acme.test');
  const raw = await t.handle.db
    .selectFrom('analytics_events')
    .select(['user_id', 'type', 'event', 'name', 'occurred_at'])
    .where('tenant_id', '=', 'tnt_acme')
    .execute();
  const first = dayjs('2026-01-25');
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 75 }), fc.integer({ min: 0, max: 40 }), async (start, length) => {
      const from = first.add(start, 'day').format('YYYY-MM-DD');
      const to = first.add(start + length, 'day').format('YYYY-MM-DD');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reporting?from=${from}&to=${to}`,
        headers: { cookie },
      });
      const body = res.json() as Report;
      const inRange = raw.filter((e) => e.occurred_at.slice(0, 10) >= from && e.occurred_at.slice(0, 10) <= to);
      const isSignIn = (e: (typeof raw)[number]) => e.type === 'track' && e.event === 'User Login';
      for (const d of body.days) {
        const that = inRange.filter((e) => e.occurred_at.startsWith(d.day));
        expect(d.active_users).toBe(new Set(that.map((e) => e.user_id)).size);
        expect(d.sign_ins).toBe(that.filter(isSignIn).length);
      }
      for (const w of body.weeks) {
        const end = dayjs(w.week).add(6, 'day').format('YYYY-MM-DD');
        const that = inRange.filter((e) => e.occurred_at.slice(0, 10) >= w.week && e.occurred_at.slice(0, 10) <= end);
        expect(w.active_users).toBe(new Set(that.map((e) => e.user_id)).size);
      }
      for (const u of body.users) {
        const that = inRange.filter((e) => e.user_id === u.uid);
        const signIns = that
          .filter(isSignIn)
          .map((e) => e.occurred_at)
          .sort();
        expect(u).toMatchObject({
          days_active: new Set(that.map((e) => e.occurred_at.slice(0, 10))).size,
          events: that.length,
          sign_ins: signIns.length,
          last_sign_in_at: signIns.at(-1) ?? null,
        });
      }
      const named = new Map<string, number>();
      for (const e of inRange.filter((e) => e.type === 'track')) named.set(e.event, (named.get(e.event) ?? 0) + 1);
      expect(Object.fromEntries(body.events.map((e) => [e.event, e.count]))).toEqual(Object.fromEntries(named));
    }),
    { numRuns: 25 },
  );
});
