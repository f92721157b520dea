import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from './021-account-website-domain.ts';

describe('migration 021: master_accounts.website_domain', () => {
  it("fills every account's registrable domain from its website, whatever the stored form", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before the migration
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    try {
      await db.schema
        .createTable('master_accounts')
        .addColumn('master_account_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('website', 'text')
        .execute();
      const websites: [string, string | null][] = [
        ['a', 'ge.com'],
        ['b', 'investors.ge.com'],
        ['c', 'https://www.GE.com/about'],
        ['d', 'bbc.co.uk'],
        ['e', 'not a website'],
        ['f', null],
      ];
      // More than one page of the backfill.
      for (let i = 0; i < 1500; i++) websites.push([`z${String(i).padStart(4, '0')}`, `www.site-${i}.com`]);
      for (let i = 0; i < websites.length; i += 500) {
        await db
          .insertInto('master_accounts')
          .values(websites.slice(i, i + 500).map(([master_account_id, website]) => ({ master_account_id, website })))
          .execute();
      }
      await up(db);
      const rows = await db.selectFrom('master_accounts').select(['master_account_id', 'website_domain']).execute();
      const domainOf = new Map(rows.map((r) => [r.master_account_id, r.website_domain]));
      expect([...'abcdef'].map((id) => domainOf.get(id))).toEqual([
        'ge.com',
        'ge.com',
        'ge.com',
        'bbc.co.uk',
        null,
        null,
      ]);
      expect(domainOf.get('z1499')).toBe('site-1499.com');
      expect(rows.filter((r) => r.website_domain === null)).toHaveLength(2);
    } finally {
      await db.destroy();
    }
  });
});
