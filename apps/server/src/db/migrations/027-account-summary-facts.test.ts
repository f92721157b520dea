import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildDemoAccounts } from '../seed/demo-account-rows.ts';
import { DEMO_DATA_DIR } from '../seed/demo-data-files.ts';
import { up } from './027-account-summary-facts.ts';

describe('migration 027: the facts of the account summary Quarry wrote (SQLite)', () => {
  it('gives every seeded account the facts the seed writes today, and leaves any other description alone', async () => {
    const accounts = buildDemoAccounts(fs.readFileSync(path.join(DEMO_DATA_DIR, 'fortune500.csv'), 'utf8'));
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    try {
      await sql`CREATE TABLE master_accounts (master_account_id varchar(64) PRIMARY KEY, description text)`.execute(db);
      // The seeded accounts twice over: more than one batch of the migration.
      for (const suffix of ['', '-copy']) {
        for (const a of accounts) {
          await sql`INSERT INTO master_accounts VALUES (${a.master_account_id + suffix}, ${a.description})`.execute(db);
        }
      }
      await sql`INSERT INTO master_accounts VALUES ('up1', 'Ranked #1 for coffee by our own staff.')`.execute(db);
      await sql`INSERT INTO master_accounts VALUES ('up2', NULL)`.execute(db);

      await up(db);
      const { rows } = await sql<{ master_account_id: string; summary_facts: string | null }>`
        SELECT master_account_id, summary_facts FROM master_accounts`.execute(db);
      const facts = new Map(rows.map((r) => [r.master_account_id, r.summary_facts]));
      expect(accounts.length).toBeGreaterThan(400);
      for (const a of accounts) {
        for (const suffix of ['', '-copy']) {
          expect(JSON.parse(facts.get(a.master_account_id + suffix) ?? 'null')).toEqual(
            JSON.parse(a.summary_facts ?? ''),
          );
        }
      }
      expect(facts.get('up1')).toBeNull();
      expect(facts.get('up2')).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});
