import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../../db/connection.ts';
import { up as createPaceTable } from '../../db/migrations/047-signal-request-pace.ts';
import { acrossTenants } from '../../db/tenant-scope.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../testing/test-database.ts';
import { createRequestPacer } from './request-pace.ts';
import { createSignalsRepository } from './signals.repository.ts';

/**
 * Issue #18: the SEC's budget (10 requests a second per client, whatever its number of machines) is
 * shared by every server process on one PostgreSQL database. Two processes are two connection
 * pools here, each with its own pacer; the sleeps are recorded, not slept, so nothing waits.
 * A rate of one request every 2 s keeps the checks far from the few milliseconds a query takes.
 */
const PER_SECOND = 0.5;
const GAP_MS = 2_000;

let testDb: TestDatabase;
let first: DbHandle;
let second: DbHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  first = openDatabase(testDb.database);
  second = openDatabase(testDb.database);
  await createPaceTable(acrossTenants(first.db));
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await testDb?.drop();
});

function pacerOf(handle: DbHandle, key: string, waits: number[]) {
  return createRequestPacer({
    engine: handle.engine,
    signals: createSignalsRepository(handle.db),
    key,
    perSecond: PER_SECOND,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

describe.runIf(testEngine() === 'postgres')('the SEC pace on PostgreSQL', () => {
  it('is one budget for two processes: their request starts are spaced as if one process asked', async () => {
    const waits: number[] = [];
    const a = pacerOf(first, 'sec-sequential', waits);
    const b = pacerOf(second, 'sec-sequential', waits);
    await a();
    await b();
    await a();
    // The first starts at once; process B's waits one gap, A's next two gaps (less the query times).
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(GAP_MS / 2);
    expect(waits[0]).toBeLessThanOrEqual(GAP_MS);
    expect(waits[1]).toBeGreaterThan(GAP_MS * 1.5);
    expect(waits[1]).toBeLessThanOrEqual(GAP_MS * 2);
  });

  it('gives each of many simultaneous requests from both processes its own slot', async () => {
    const waits: number[] = [];
    const a = pacerOf(first, 'sec-parallel', waits);
    const b = pacerOf(second, 'sec-parallel', waits);
    await Promise.all([a(), b(), a(), b(), a(), b()]);
    // One starts at once; the five others wait about 1, 2, 3, 4 and 5 gaps: no two share a slot.
    expect(waits).toHaveLength(5);
    const slots = waits.map((ms) => Math.round(ms / GAP_MS)).sort((x, y) => x - y);
    expect(slots).toEqual([1, 2, 3, 4, 5]);
  });

  it('paces each service apart', async () => {
    const waits: number[] = [];
    await pacerOf(first, 'sec-one', waits)();
    await pacerOf(second, 'sec-other', waits)();
    expect(waits).toEqual([]);
  });
});

describe.runIf(testEngine() === 'sqlite')('the SEC pace on SQLite (one process)', () => {
  it('spaces request starts in memory and writes nothing to the database', async () => {
    const waits: number[] = [];
    const a = pacerOf(first, 'sec', waits);
    await Promise.all([a(), a(), a()]);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(GAP_MS / 2);
    expect(waits[1]).toBeGreaterThan(GAP_MS * 1.5);
    const rows = await acrossTenants(first.db).selectFrom('signal_request_pace').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
