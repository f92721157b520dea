import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from './030-search-index-reference-accounts.ts';

/** The rowids the full-text index finds for a query. */
async function matches(db: Kysely<unknown>, query: string): Promise<number[]> {
  const { rows } = await sql<{ rowid: number }>`
    SELECT rowid FROM master_accounts_fts WHERE master_accounts_fts MATCH ${query} ORDER BY rowid`.execute(db);
  return rows.map((r) => r.rowid);
}

describe('migration 030: the full-text index keeps reference accounts only (SQLite)', () => {
  it('drops what uploads indexed, indexes no new tenant account, and keeps reference accounts in step', async () => {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    try {
      // The table, index and triggers as migrations 002, 005 and 017 left them.
      await sql`CREATE TABLE master_accounts (master_account_id varchar(64) PRIMARY KEY, account_name varchar(300) NOT NULL,
        website varchar(253), owner_tenant_id varchar(64))`.execute(db);
      await sql`CREATE VIRTUAL TABLE master_accounts_fts USING fts5(account_name, website, content='master_accounts',
        content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
      await sql`CREATE TRIGGER master_accounts_ai AFTER INSERT ON master_accounts BEGIN
        INSERT INTO master_accounts_fts(rowid, account_name, website) VALUES (new.rowid, new.account_name, new.website); END`.execute(
        db,
      );
      await sql`CREATE TRIGGER master_accounts_ad AFTER DELETE ON master_accounts BEGIN
        INSERT INTO master_accounts_fts(master_accounts_fts, rowid, account_name, website) VALUES ('delete', old.rowid, old.account_name, old.website); END`.execute(
        db,
      );
      await sql`CREATE TRIGGER master_accounts_au AFTER UPDATE OF account_name, website ON master_accounts BEGIN
        INSERT INTO master_accounts_fts(master_accounts_fts, rowid, account_name, website) VALUES ('delete', old.rowid, old.account_name, old.website);
        INSERT INTO master_accounts_fts(rowid, account_name, website) VALUES (new.rowid, new.account_name, new.website); END`.execute(
        db,
      );
      const insert = (id: string, name: string, website: string, owner: string | null) =>
        sql`INSERT INTO master_accounts (master_account_id, account_name, website, owner_tenant_id)
          VALUES (${id}, ${name}, ${website}, ${owner})`.execute(db);
      await insert('ref1', 'Northwind Traders', 'northwind.com', null);
      await insert('up1', 'Northwind Prospect', 'northwind-prospect.com', 'tnt_a');
      expect(await matches(db, 'northwind')).toEqual([1, 2]);

      await up(db, 'sqlite');
      expect(await matches(db, 'northwind')).toEqual([1]);

      // A new upload's account is not indexed; a new reference account is.
      await insert('up2', 'Northwind Again', 'northwind-again.com', 'tnt_a');
      await insert('ref2', 'Northwind Logistics', 'northwind-logistics.com', null);
      expect(await matches(db, 'northwind')).toEqual([1, 4]);

      // Renaming or deleting a tenant's account leaves the index alone; a reference rename moves its entry.
      await sql`UPDATE master_accounts SET account_name = 'Northwind Renamed' WHERE master_account_id = 'up1'`.execute(
        db,
      );
      await sql`DELETE FROM master_accounts WHERE master_account_id = 'up2'`.execute(db);
      await sql`UPDATE master_accounts SET account_name = 'Contoso Traders', website = 'contoso.com' WHERE master_account_id = 'ref1'`.execute(
        db,
      );
      expect(await matches(db, 'northwind')).toEqual([4]);
      expect(await matches(db, 'contoso')).toEqual([1]);
      await sql`DELETE FROM master_accounts WHERE master_account_id = 'ref2'`.execute(db);
      expect(await matches(db, 'northwind')).toEqual([]);
      // The index agrees with the reference rows of its content table.
      await sql`INSERT INTO master_accounts_fts(master_accounts_fts) VALUES ('integrity-check')`.execute(db);
    } finally {
      await db.destroy();
    }
  });
});
