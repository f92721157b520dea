import { ANALYTICS_BATCH_MAX_EVENTS, type AnalyticsUserProperties, shouldKeepAnalyticsEvent } from '@quarry/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AnalyticsEventInput, analyticsEvent } from '../../testing/analytics-event.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let token: string;
let rita: Required<Pick<AnalyticsUserProperties, 'user_id' | 'tenant_id' | 'email'>>;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.identityToken(await t.signIn('rita@acme.test'));
  rita = { user_id: await t.uidOf('rita@acme.test'), tenant_id: 'tnt_acme', email: 'rita@acme.test' };
});
afterAll(() => t?.close());

const relay = (
  events: AnalyticsEventInput[] | unknown,
  headers: Record<string, string> = { authorization: `Bearer ${token}` },
) => t.app.inject({ method: 'POST', url: '/AnalyticsRelay', headers, payload: { events } as Record<string, unknown> });

/** The ids among these that the relay stored, read straight from the database. */
async function storedIds(ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await t.handle.db.selectFrom('analytics_events').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id).sort();
}

describe('POST /AnalyticsRelay', () => {
  describe('refuses a caller without a valid identity token with 401', () => {
    it.each([
      ['no authorization header', {}],
      ['a bearer that is not a token', { authorization: 'Bearer not-a-jwt' }],
      ['a token with a forged signature', { authorization: 'TAMPERED' }],
      ['a basic credential', { authorization: 'Basic cml0YTpwYXNzd29yZA==' }],
    ])('%s', async (_, headers: Record<string, string>) => {
      const event = analyticsEvent(rita);
      const auth =
        headers.authorization === 'TAMPERED' ? { authorization: `Bearer ${token.slice(0, -4)}AAAA` } : headers;
      const res = await relay([event], auth);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
      expect(await storedIds([event.id])).toEqual([]);
    });

    it('the session cookie alone', async () => {
      const cookie = await t.signIn('rita@acme.test');
      const res = await relay([analyticsEvent(rita)], { cookie });
      expect(res.statusCode).toBe(401);
    });

    it('a token that has expired, even one it accepted before', async () => {
      const fresh = await t.identityToken(await t.signIn('rita@acme.test'));
      const headers = { authorization: `Bearer ${fresh}` };
      expect((await relay([analyticsEvent(rita)], headers)).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
      try {
        const late = analyticsEvent(rita);
        const res = await relay([late], headers);
        expect(res.statusCode).toBe(401);
        expect(await storedIds([late.id])).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('a token issued by another Quarry (another signing key)', async () => {
      const other = await createTestApp();
      try {
        const foreignToken = await other.identityToken(await other.signIn('rita@acme.test'));
        const res = await relay([analyticsEvent(rita)], { authorization: `Bearer ${foreignToken}` });
        expect(res.statusCode).toBe(401);
      } finally {
        await other.close();
      }
    });
  });

  it('stores each event with its user, tenant and properties', async () => {
    const track = analyticsEvent(rita, {
      event: 'List Mutated',
      properties: { action: 'create', size: 3, shared: true },
    });
    const page = analyticsEvent(rita, {
      type: 'page',
      event: 'Page Viewed',
      name: '/workspaces',
      properties: { path: '/workspaces' },
      ageMs: HOUR,
    });
    const res = await relay([track, page]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0, dropped: 0 });

    const rows = await t.handle.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('id', 'in', [track.id, page.id])
      .orderBy('occurred_at')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: page.id,
      tenant_id: 'tnt_acme',
      user_id: rita.user_id,
      email: 'rita@acme.test',
      type: 'page',
      name: '/workspaces',
      occurred_at: page.timestamp,
    });
    expect(rows[1]).toMatchObject({ id: track.id, type: 'track', event: 'List Mutated', name: null });
    expect(JSON.parse(rows[1]?.properties ?? '')).toEqual({ action: 'create', size: 3, shared: true });
    expect(JSON.parse(rows[1]?.user_properties ?? '')).toEqual(rita);
  });

  it('stores a page view under the route’s own spelling, so one page is counted under one name', async () => {
    const lower = analyticsEvent(rita, { type: 'page', event: 'Page Viewed', name: '/myterritory', ageMs: HOUR });
    const match = analyticsEvent(rita, { type: 'page', event: 'Page Viewed', name: '/VALUEMATCH/acc_1', ageMs: HOUR });
    expect((await relay([lower, match])).statusCode).toBe(200);
    const rows = await t.handle.db
      .selectFrom('analytics_events')
      .select(['id', 'name'])
      .where('id', 'in', [lower.id, match.id])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.name]))).toEqual({
      [lower.id]: '/MyTerritory',
      [match.id]: '/valueMatch/acc_1',
    });
  });

  it('stores each text exactly as sent, odd characters included, and an id repeated in one batch once', async () => {
    const odd = 'é 日本語 😀 "quoted" back\\slash tab\t line\n';
    const plain = analyticsEvent(rita, { event: `List ${odd}`, properties: { note: odd, n: 2.5, ok: true } });
    // A lone surrogate (JSON.stringify escapes it; PostgreSQL's JSON reader refuses it).
    const unusual = analyticsEvent(rita, { properties: { note: `half \ud800 pair` } });
    const res = await relay([plain, unusual, { ...plain }]);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 1, dropped: 0 });
    const rows = await t.handle.db
      .selectFrom('analytics_events')
      .select(['id', 'event', 'properties'])
      .where('id', 'in', [plain.id, unusual.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(plain.id)).toEqual({
      id: plain.id,
      event: plain.event,
      properties: JSON.stringify(plain.properties),
    });
    expect(byId.get(unusual.id)?.properties).toBe(JSON.stringify(unusual.properties));
  });

  it('is idempotent by event id: a resent batch counts as duplicates and leaves one row each', async () => {
    const events = [analyticsEvent(rita), analyticsEvent(rita), analyticsEvent(rita)];
    expect((await relay(events)).json()).toEqual({ accepted: 3, duplicates: 0, dropped: 0 });
    expect((await relay(events)).json()).toEqual({ accepted: 0, duplicates: 3, dropped: 0 });
    const fresh = analyticsEvent(rita);
    expect((await relay([events[0], fresh])).json()).toEqual({ accepted: 1, duplicates: 1, dropped: 0 });

    const rows = await t.handle.db
      .selectFrom('analytics_events')
      .select('id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(
        'id',
        'in',
        [...events, fresh].map((e) => e.id),
      )
      .groupBy('id')
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('drops events older than 48 hours or lacking email, user id or tenant id, and stores the rest', async () => {
    const { email: _e, ...noEmail } = rita;
    const { user_id: _u, ...noUser } = rita;
    const { tenant_id: _t, ...noTenant } = rita;
    const kept = [analyticsEvent(rita, { ageMs: 47 * HOUR }), analyticsEvent(rita)];
    const dropped = [
      analyticsEvent(rita, { ageMs: 48 * HOUR + 60_000 }),
      analyticsEvent(rita, { ageMs: 30 * 24 * HOUR }),
      analyticsEvent(noEmail),
      analyticsEvent(noUser),
      analyticsEvent(noTenant),
      analyticsEvent({ ...rita, email: '' }),
    ];
    const res = await relay([...dropped.slice(0, 3), ...kept, ...dropped.slice(3)]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0, dropped: 6 });
    expect(await storedIds([...kept, ...dropped].map((e) => e.id))).toEqual(kept.map((e) => e.id).sort());
  });

  it('refuses with 403 a batch holding an event of another user, and stores none of it', async () => {
    const mine = analyticsEvent(rita);
    const raj = analyticsEvent({ ...rita, user_id: await t.uidOf('raj@acme.test'), email: 'raj@acme.test' });
    const res = await relay([mine, raj]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('events.1') });
    expect(await storedIds([mine.id, raj.id])).toEqual([]);
  });

  it('refuses with 403 a batch holding an event of another tenant, and stores none of it', async () => {
    const mine = analyticsEvent(rita);
    const globex = analyticsEvent({ ...rita, tenant_id: 'tnt_globex' });
    const res = await relay([globex, mine]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(await storedIds([mine.id, globex.id])).toEqual([]);
    const rows = await t.handle.db
      .selectFrom('analytics_events')
      .select('id')
      .where('tenant_id', '=', 'tnt_globex')
      .execute();
    expect(rows).toEqual([]);
  });

  it(`takes a batch of exactly ${ANALYTICS_BATCH_MAX_EVENTS} events`, async () => {
    const events = Array.from({ length: ANALYTICS_BATCH_MAX_EVENTS }, () => analyticsEvent(rita));
    const res = await relay(events);
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted).toBe(ANALYTICS_BATCH_MAX_EVENTS);
  });

  it(`refuses a batch of more than ${ANALYTICS_BATCH_MAX_EVENTS} events whole with 413`, async () => {
    const events = Array.from({ length: ANALYTICS_BATCH_MAX_EVENTS + 1 }, () => analyticsEvent(rita));
    const res = await relay(events);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('events') });
    expect(await storedIds(events.slice(0, 100).map((e) => e.id))).toEqual([]);
  });

  it('refuses a batch over 1 MB whole with 413', async () => {
    const events = Array.from({ length: 300 }, () => analyticsEvent(rita, { properties: { note: 'x'.repeat(3900) } }));
    const res = await relay(events);
    expect(JSON.stringify({ events }).length).toBeGreaterThan(1024 * 1024);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(await storedIds(events.slice(0, 100).map((e) => e.id))).toEqual([]);
  });

  it.each([
    ['an empty batch', []],
    ['an event with an unknown field', [{ ...analyticsEvent({}), tenant: 'tnt_globex' }]],
    ['an event with a timestamp that is not a date', [{ ...analyticsEvent({}), timestamp: 'yesterday' }]],
    ['an event with an unknown type', [{ ...analyticsEvent({}), type: 'identify' }]],
    ['an event with a too short id', [{ ...analyticsEvent({}), id: 'x' }]],
  ])('refuses %s with 400 naming the field', async (_, events) => {
    const res = await relay(events);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.message).toMatch(/^events/);
  });

  it('stores exactly the events the keep rule keeps, for any mix of ages and missing fields', async () => {
    const presence = fc.constantFrom('present', 'absent', 'empty');
    const boundary = 48 * HOUR;
    const eventShape = fc.record({
      ageMs: fc.oneof(
        fc.integer({ min: 0, max: 96 * HOUR }),
        fc.integer({ min: boundary - 5_000, max: boundary + 5_000 }),
      ),
      email: presence,
      user_id: presence,
      tenant_id: presence,
      type: fc.constantFrom('track' as const, 'page' as const),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(eventShape, { minLength: 1, maxLength: 40 }), async (shapes) => {
        const before = Date.now();
        const events = shapes.map((s) => {
          const userProperties: AnalyticsUserProperties = {};
          for (const key of ['email', 'user_id', 'tenant_id'] as const) {
            if (s[key] === 'present') userProperties[key] = rita[key];
            if (s[key] === 'empty') userProperties[key] = '';
          }
          return analyticsEvent(userProperties, { ageMs: s.ageMs, nowMs: before, type: s.type });
        });
        const res = await relay(events);
        const after = Date.now();
        expect(res.statusCode).toBe(200);

        // The relay judged at some instant between before and after: an event whose fate changed
        // inside that gap may go either way, every other one must follow the rule exactly.
        const keptAtBefore = events.filter((e) => shouldKeepAnalyticsEvent(e, before)).map((e) => e.id);
        const keptAtAfter = events.filter((e) => shouldKeepAnalyticsEvent(e, after)).map((e) => e.id);
        const stored = await storedIds(events.map((e) => e.id));
        expect(stored).toEqual(expect.arrayContaining(keptAtAfter));
        expect(keptAtBefore).toEqual(expect.arrayContaining(stored));
        expect(res.json()).toEqual({ accepted: stored.length, duplicates: 0, dropped: events.length - stored.length });
      }),
      { numRuns: 40 },
    );
  });
});
