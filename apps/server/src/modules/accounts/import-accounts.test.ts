import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountSearch } from '../../adapters/search/account-search.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { accountIdFor, importAccounts } from './import-accounts.ts';
import { normalizeWebsite } from './normalize-website.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('normalizeWebsite', () => {
  it.each([
    ['http://www.walmart.com', 'walmart.com'],
    ['https://WWW.Exxonmobil.com/about?x=1#top', 'exxonmobil.com'],
    ['apple.com.', 'apple.com'],
    ['shop.example.co.uk:8080/path', 'shop.example.co.uk'],
    ['not a website', null],
    ['', null],
    [null, null],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizeWebsite(input)).toBe(expected);
  });
});

describe('importAccounts', () => {
  it('imports accounts that are searchable at once, skipping rows without a name', async () => {
    const result = await importAccounts(t.handle, [
      {
        name: 'Zephyrine Robotics',
        website: 'https://www.zephyrine.io/',
        industry: 'Robotics',
        employees: '1,200',
        revenue: '$3,000,000',
      },
      { name: '  ', website: 'nameless.com' },
      { name: 'Zephyrine Robotics Europe', website: 'zephyrine-eu.io' },
    ]);
    expect(result).toEqual({ imported: 2, skipped: 1, problems: ['row 3: name is required'] });
    const search = createAccountSearch(t.handle);
    const hits = await search('zephyr', { limit: 15, nameOnly: false });
    expect(hits.map((h) => h.account_name)).toEqual(['Zephyrine Robotics', 'Zephyrine Robotics Europe']);
    const row = await t.handle.db
      .selectFrom('master_accounts')
      .selectAll()
      .where('master_account_id', '=', accountIdFor('Zephyrine Robotics', 'zephyrine.io'))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ website: 'zephyrine.io', employees: 1200, industry: 'Robotics' });
    expect(Number(row.revenue)).toBe(3_000_000);
  });

  it('is idempotent: importing the same accounts again adds nothing', async () => {
    const result = await importAccounts(t.handle, [{ name: 'Zephyrine Robotics', website: 'zephyrine.io' }]);
    expect(result).toEqual({ imported: 0, skipped: 1, problems: [] });
  });

  it('keeps backslashes, tabs, line breaks and a literal \\N exactly as given', async () => {
    const description = 'First line\nSecond\tcolumn\r\nC:\\path \\N not null';
    const result = await importAccounts(t.handle, [
      { name: 'Back\\slash\tTab Works', website: 'backslash-tab.example', description },
    ]);
    expect(result).toEqual({ imported: 1, skipped: 0, problems: [] });
    const row = await t.handle.db
      .selectFrom('master_accounts')
      .select(['account_name', 'description', 'sector'])
      .where('master_account_id', '=', accountIdFor('Back\\slash\tTab Works', 'backslash-tab.example'))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_name: 'Back\\slash\tTab Works', description, sector: null });
  });

  it('leaves the same indexes after a big import, every account in them and searchable', async () => {
    const indexes = async () =>
      t.handle.engine === 'sqlite'
        ? (
            await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
              WHERE type = 'index' AND tbl_name = 'master_accounts' ORDER BY name`.execute(t.handle.db)
          ).rows
        : (
            await sql<{ name: string; sql: string }>`SELECT indexname AS name, indexdef AS sql FROM pg_indexes
              WHERE tablename = 'master_accounts' ORDER BY indexname`.execute(t.handle.db)
          ).rows;
    const before = await indexes();
    expect(before.map((i) => i.name)).toContain('master_accounts_industry_employees_idx');
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      name: `Bulkimport Widgets ${i}`,
      website: `bulkimport${i}.example`,
      industry: 'Bulk Testing',
      employees: i % 7 === 0 ? null : 10 * i,
    }));
    const result = await importAccounts(t.handle, rows, { bulkRows: 500 });
    expect(result).toMatchObject({ imported: 1200, skipped: 0 });
    // Again, with one new account: nothing is added twice.
    const again = await importAccounts(t.handle, [...rows, { name: 'Bulkimport Late', website: 'late.example' }], {
      bulkRows: 500,
    });
    expect(again).toMatchObject({ imported: 1, skipped: 1200 });
    expect(await indexes()).toEqual(before);
    const search = createAccountSearch(t.handle);
    const hits = await search('bulkimport widgets 1199', { limit: 15, nameOnly: true });
    expect(hits.map((h) => h.account_name)).toContain('Bulkimport Widgets 1199');
    const { n } = await t.handle.db
      .selectFrom('master_accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('industry', '=', 'Bulk Testing')
      .where('employees', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(172);
  });
});
