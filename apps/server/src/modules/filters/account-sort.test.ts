import type { FilterGroup } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let rita: string;

const INDUSTRY = 'Sort Testing';
const onlySortTesting: FilterGroup = {
  complex: true,
  operator: 'AND',
  days_ago: null,
  values: [{ field: 'industry', complex: false, type: 'text', values: [INDUSTRY], operator: 'IN', days_ago: null }],
};

// Ties on employees and on signal dates, and accounts with neither, so order leans on the id.
const EMPLOYEES: Record<string, number | null> = {
  acc_s1: 300,
  acc_s2: 100,
  acc_s3: 300,
  acc_s4: null,
  acc_s5: 200,
  acc_s6: null,
  acc_s7: 100,
  acc_s8: null,
  acc_s9: 50,
};
const SIGNALS: [string, string, string][] = [
  ['h_s1_old', 'acc_s1', '2025-01-05T00:00:00.000Z'],
  ['h_s1_new', 'acc_s1', '2026-03-01T00:00:00.000Z'],
  ['h_s2', 'acc_s2', '2025-06-01'],
  ['h_s5', 'acc_s5', '2026-03-01T00:00:00.000Z'],
  ['h_s7', 'acc_s7', '2024-12-31T00:00:00.000Z'],
];

type Row = { master_account_id: string; employees: number | null; latest_signal_at: string | null };
type Sort = 'employees' | 'latest_signal_at';

beforeAll(async () => {
  t = await createTestApp();
  await t.handle.db
    .insertInto('master_accounts')
    .values(
      Object.entries(EMPLOYEES).map(([id, employees]) => ({
        master_account_id: id,
        account_name: `Sorted ${id}`,
        website: `${id}.example`,
        industry: INDUSTRY,
        employees,
        created_at: '2026-01-01T00:00:00.000Z',
      })),
    )
    .execute();
  await t.handle.db
    .insertInto('master_hits')
    .values(
      SIGNALS.map(([id, account, published_at]) => ({
        id,
        master_account_id: account,
        type: 'news_article',
        title: id,
        text: id,
        source: 'Wikinews',
        published_at,
      })),
    )
    .execute();
  rita = await t.signIn('rita@acme.test');
});
afterAll(() => t?.close());

async function page(sort: Sort, direction: 'asc' | 'desc', pageNumber: number, pageSize: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/query',
    headers: { cookie: rita },
    payload: { filter: onlySortTesting, sort, direction, page: pageNumber, page_size: pageSize },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { rows: Row[]; total: number };
}

/** Every page of `pageSize` in turn, one past the last, joined. */
async function allPages(sort: Sort, direction: 'asc' | 'desc', pageSize: number) {
  const ids: string[] = [];
  for (let n = 1; ; n++) {
    const { rows, total } = await page(sort, direction, n, pageSize);
    expect(total).toBe(Object.keys(EMPLOYEES).length);
    expect(rows.length).toBeLessThanOrEqual(pageSize);
    if (rows.length === 0) return ids;
    ids.push(...rows.map((r) => r.master_account_id));
  }
}

/** The order the table promises: values in the asked direction, nulls last, ties by id in the same direction. */
function expectedOrder(values: Record<string, string | number | null>, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return Object.keys(values).sort((a, b) => {
    const va = values[a] ?? null;
    const vb = values[b] ?? null;
    if (va === null && vb !== null) return 1;
    if (vb === null && va !== null) return -1;
    if (va !== null && vb !== null && va !== vb) return sign * compare(va, vb);
    return sign * compare(a, b);
  });
}

function latestSignals() {
  const latest: Record<string, string | null> = Object.fromEntries(Object.keys(EMPLOYEES).map((id) => [id, null]));
  for (const [, account, published_at] of SIGNALS) {
    const current = latest[account] ?? null;
    if (current === null || published_at > current) latest[account] = published_at;
  }
  return latest;
}

describe('account table sorted by a column with empty values', () => {
  for (const direction of ['asc', 'desc'] as const) {
    it(`pages employees ${direction} with empty sizes last and ties by id, whatever the page size`, async () => {
      const expected = expectedOrder(EMPLOYEES, direction);
      expect(expected.slice(-3).sort()).toEqual(['acc_s4', 'acc_s6', 'acc_s8']);
      // 6 accounts have a size: pages of 4 and 5 straddle the boundary, 2 and 3 end on it, 1 and 4 have pages wholly past it.
      for (const size of [1, 2, 3, 4, 5, 50]) expect(await allPages('employees', direction, size)).toEqual(expected);
    });

    it(`pages latest signal ${direction} with the newest hit per account, accounts without signals last`, async () => {
      const expected = expectedOrder(latestSignals(), direction);
      for (const size of [1, 2, 3, 4, 50])
        expect(await allPages('latest_signal_at', direction, size)).toEqual(expected);
      const first = await page('latest_signal_at', direction, 1, 50);
      const shown = Object.fromEntries(first.rows.map((r) => [r.master_account_id, r.latest_signal_at]));
      expect(shown).toEqual(latestSignals());
    });
  }

  it('answers an empty page past the end', async () => {
    expect((await page('employees', 'desc', 3, 5)).rows).toEqual([]);
    expect((await page('latest_signal_at', 'asc', 100, 50)).rows).toEqual([]);
  });

  it('moves an account when its newest signal is removed, redated or a newer one arrives', async () => {
    const newestFirst = async () =>
      (await page('latest_signal_at', 'desc', 1, 50)).rows.map((r) => [r.master_account_id, r.latest_signal_at]);
    await t.handle.db.deleteFrom('master_hits').where('id', '=', 'h_s1_new').execute();
    expect((await newestFirst()).slice(0, 4)).toEqual([
      ['acc_s5', '2026-03-01T00:00:00.000Z'],
      ['acc_s2', '2025-06-01'],
      ['acc_s1', '2025-01-05T00:00:00.000Z'],
      ['acc_s7', '2024-12-31T00:00:00.000Z'],
    ]);
    await t.handle.db
      .updateTable('master_hits')
      .set({ published_at: '2026-04-01T00:00:00.000Z' })
      .where('id', '=', 'h_s7')
      .execute();
    await t.handle.db.deleteFrom('master_hits').where('id', '=', 'h_s2').execute();
    await t.handle.db
      .insertInto('master_hits')
      .values({
        id: 'h_s8',
        master_account_id: 'acc_s8',
        type: 'job_posting',
        title: 'h_s8',
        text: 'h_s8',
        source: 'Jobs',
        published_at: '2026-05-01T00:00:00.000Z',
      })
      .execute();
    expect((await newestFirst()).slice(0, 5)).toEqual([
      ['acc_s8', '2026-05-01T00:00:00.000Z'],
      ['acc_s7', '2026-04-01T00:00:00.000Z'],
      ['acc_s5', '2026-03-01T00:00:00.000Z'],
      ['acc_s1', '2025-01-05T00:00:00.000Z'],
      ['acc_s9', null],
    ]);
  });

  it('still deletes an account that has signals', async () => {
    await t.handle.db.deleteFrom('master_accounts').where('master_account_id', '=', 'acc_s5').execute();
    const { rows } = await page('latest_signal_at', 'desc', 1, 50);
    expect(rows.map((r) => r.master_account_id)).not.toContain('acc_s5');
  });
});

describe('account table sorted by name', () => {
  const NAMES = {
    acc_n1: 'eBay',
    acc_n2: 'Zoetis',
    acc_n3: 'AT&T',
    acc_n4: 'AbbVie',
    acc_n5: 'salesforce.com',
    acc_n6: 'Apple',
  };
  const industry = 'Name Case Testing';

  beforeAll(async () => {
    await t.handle.db
      .insertInto('master_accounts')
      .values(
        Object.entries(NAMES).map(([id, account_name]) => ({
          master_account_id: id,
          account_name,
          website: `${id}.example`,
          industry,
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
  });

  // Case is not an order a person reads by: "eBay" sits among the E's, not after "Zoetis".
  for (const direction of ['asc', 'desc'] as const) {
    it(`orders names ${direction} whatever their case, on every page size`, async () => {
      const filter: FilterGroup = {
        ...onlySortTesting,
        values: [{ ...onlySortTesting.values[0], values: [industry] } as FilterGroup['values'][number]],
      };
      const names: string[] = [];
      for (const size of [2, 50]) {
        names.length = 0;
        for (let n = 1; ; n++) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/accounts/query',
            headers: { cookie: rita },
            payload: { filter, sort: 'account_name', direction, page: n, page_size: size },
          });
          expect(res.statusCode).toBe(200);
          const rows = (res.json() as { rows: { account_name: string }[] }).rows;
          if (rows.length === 0) break;
          names.push(...rows.map((r) => r.account_name));
        }
        const ascending = ['AbbVie', 'Apple', 'AT&T', 'eBay', 'salesforce.com', 'Zoetis'];
        expect(names).toEqual(direction === 'asc' ? ascending : [...ascending].reverse());
      }
    });
  }
});
