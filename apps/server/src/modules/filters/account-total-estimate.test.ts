import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** From this many accounts on, PostgreSQL answers the unfiltered total with its estimate. */
const ACCOUNTS = 100_000;

let t: TestApp;
let rita: string;

const query = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/query',
    headers: { cookie: rita, 'content-type': 'application/json' },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { total: number; total_estimated: boolean; rows: unknown[] };
};

const industryIs = (industry: string) => ({
  complex: true,
  operator: 'AND',
  days_ago: null,
  values: [{ field: 'industry', complex: false, type: 'text', values: [industry], operator: 'IN', days_ago: null }],
});

beforeAll(async () => {
  t = await createTestApp();
  rita = await t.signIn('rita@acme.test');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the account total says when it is an estimate', () => {
  it('is an exact count, and says so, on a small table', async () => {
    await t.handle.db
      .insertInto('master_accounts')
      .values(
        [1, 2, 3].map((i) => ({
          master_account_id: `small_${i}`,
          account_name: `Small ${i}`,
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    const all = await query({});
    expect(all.total).toBeGreaterThanOrEqual(3);
    const exact = await t.handle.db
      .selectFrom('master_accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_tenant_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(all.total).toBe(Number(exact.n));
    expect(all.total_estimated).toBe(false);
  });

  it(`is PostgreSQL's estimate from ${ACCOUNTS.toLocaleString('en-US')} accounts on when nothing filters, exact whenever a filter or a search narrows it`, async () => {
    // One account in ten is a bank: the filtered total is known exactly.
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(ACCOUNTS)})
      INSERT INTO master_accounts (master_account_id, account_name, industry, created_at)
      SELECT 'est_' || i, 'Estimate ' || i, CASE WHEN i % 10 = 0 THEN 'Estimate Banks' ELSE 'Estimate Retail' END,
        '2026-01-01T00:00:00.000Z' FROM n`.execute(t.handle.db);
    if (t.handle.engine === 'postgres') await sql`ANALYZE master_accounts`.execute(t.handle.db);
    const exact = Number(
      (
        await t.handle.db
          .selectFrom('master_accounts')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('owner_tenant_id', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(exact).toBeGreaterThanOrEqual(ACCOUNTS);

    const all = await query({ page_size: 5 });
    expect(all.rows).toHaveLength(5);
    if (t.handle.engine === 'postgres') {
      expect(all.total_estimated).toBe(true);
      // An estimate from the table's statistics: near the count, not necessarily equal to it.
      expect(Math.abs(all.total - exact)).toBeLessThan(exact * 0.05);
    } else {
      expect(all.total_estimated).toBe(false);
      expect(all.total).toBe(exact);
    }

    const banks = await query({ filter: industryIs('Estimate Banks'), page_size: 5 });
    expect(banks).toMatchObject({ total: ACCOUNTS / 10, total_estimated: false });
    const searched = await query({ q: 'estimate 9999', page_size: 5 });
    // "Estimate 9999" and "Estimate 99990" … "Estimate 99999".
    expect(searched).toMatchObject({ total: 11, total_estimated: false });
  }, 120_000);
});
