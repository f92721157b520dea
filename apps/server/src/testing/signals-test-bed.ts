import type { SignalSource } from '@quarry/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { acrossTenants } from '../db/tenant-scope.ts';
import { type SignalFixtureServer, startSignalFixtureServer } from './signal-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The API tests of live signals (issue #18): a test app whose SSRF guard allows the local fixture
 * server and whose job board APIs are that server's, with the calls those tests make. Call at the
 * top of a test file; `setup` runs after both started.
 */
export function useSignalsTestBed(setup: (bed: { t: TestApp; fixtures: SignalFixtureServer }) => Promise<void>) {
  const bed = {} as { t: TestApp; fixtures: SignalFixtureServer };
  beforeAll(async () => {
    bed.fixtures = await startSignalFixtureServer();
    bed.t = await createTestApp();
    bed.t.config.signals.allowedHosts.push(bed.fixtures.host);
    Object.assign(bed.t.config.signals.boardApis, {
      greenhouse: `${bed.fixtures.url}/boards/greenhouse/{token}`,
      lever: `${bed.fixtures.url}/boards/lever/{token}`,
      ashby: `${bed.fixtures.url}/boards/ashby/{token}`,
    });
    bed.t.config.signals.sec.baseUrl = bed.fixtures.url;
    await setup(bed);
  }, 120_000);
  afterAll(async () => {
    await bed.t?.close();
    await bed.fixtures?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    bed.t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    bed,
    call,
    async add(cookie: string, body: Record<string, unknown>): Promise<SignalSource> {
      const res = await call(cookie, 'POST', '/api/signal-sources', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as SignalSource;
    },
    async sourcesOf(cookie: string): Promise<SignalSource[]> {
      return ((await call(cookie, 'GET', '/api/signal-sources')).json() as { sources: SignalSource[] }).sources;
    },
    /** Makes every source due now (an hour has passed) and runs the sweep job the way the scheduler does. */
    async sweep(cookie: string) {
      await acrossTenants(bed.t.handle.db)
        .updateTable('signal_sources')
        .set({ next_fetch_at: '2000-01-01T00:00:00.000Z' })
        .execute();
      const res = await call(cookie, 'POST', '/api/signal-sources/sweep');
      expect(res.statusCode, res.body).toBe(202);
      await bed.t.app.jobRunner.drain();
    },
  };
}
