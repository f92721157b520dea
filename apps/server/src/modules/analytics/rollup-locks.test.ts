import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvent } from '../../testing/analytics-event.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testEngine } from '../../testing/test-database.ts';

/**
 * Issue #20, analytics ingest on PostgreSQL: a batch must not wait for another batch's commit.
 * Before migration 050 each batch locked the tenant's rollup rows (user-day, user-week, event-day)
 * until it committed, so concurrent batches of one tenant went one after another, each waiting for
 * the previous one's WAL flush.
 */
describe.runIf(testEngine() === 'postgres')('analytics batches on PostgreSQL', () => {
  let t: TestApp;
  let token: string;
  let rita: { user_id: string; tenant_id: string; email: string };
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.identityToken(await t.signIn('rita@acme.test'));
    rita = { user_id: await t.uidOf('rita@acme.test'), tenant_id: 'tnt_acme', email: 'rita@acme.test' };
  });
  afterAll(() => t?.close());

  it('store while another batch of the same user and day is not yet committed, and a report then counts both', async () => {
    const pool = t.handle.pool;
    if (!pool) throw new Error('no PostgreSQL pool');
    const open = await pool.connect();
    const relay = (events: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/AnalyticsRelay',
        headers: { authorization: `Bearer ${token}` },
        payload: { events } as Record<string, unknown>,
      });
    const first = analyticsEvent(rita, { event: 'Rollup Lock Probe' });
    const second = analyticsEvent(rita, { event: 'Rollup Lock Probe' });
    try {
      await open.query('BEGIN');
      // The other batch: stored, its transaction still open (as while its commit waits for the disk).
      await open.query(
        `INSERT INTO analytics_events (tenant_id, id, user_id, email, type, event, name, properties, user_properties, occurred_at, received_at)
         VALUES ($1, $2, $3, $4, 'track', $5, NULL, '{}', '{}', $6, $6)`,
        ['tnt_acme', first.id, rita.user_id, rita.email, first.event, first.timestamp],
      );
      // With the old trigger this request waits for the open transaction's rollup row locks, never
      // answering while the transaction stays open (the test then fails by its time limit).
      const res = await relay([second]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ accepted: 1 });
      await open.query('COMMIT');
    } finally {
      await open.query('ROLLBACK').catch(() => undefined);
      open.release();
    }
    const day = first.timestamp.slice(0, 10);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/reporting?from=${day}&to=${day}`,
      // Reporting is a manager's screen.
      headers: { cookie: await t.signIn('mike@acme.test') },
    });
    expect(report.statusCode, report.body).toBe(200);
    const events = (report.json() as { events: { event: string; count: number }[] }).events;
    expect(events.find((e) => e.event === 'Rollup Lock Probe')?.count).toBe(2);
  });
});
