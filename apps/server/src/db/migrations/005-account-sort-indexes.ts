import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

/**
 * The account table sorts by employees and by latest signal date too. The latest signal date
 * becomes a column the database keeps in step with master_hits (triggers, so every writer of
 * signals is covered), and both sorts get an index after the industry filter, like the name sort.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.alterTable('master_accounts').addColumn('latest_signal_at', 'varchar(32)').execute();
  await sql`UPDATE master_accounts SET latest_signal_at =
    (SELECT max(h.published_at) FROM master_hits h WHERE h.master_account_id = master_accounts.master_account_id)`.execute(
    db,
  );

  if (engine === 'sqlite') {
    await sql`CREATE TRIGGER master_hits_latest_ai AFTER INSERT ON master_hits BEGIN
      UPDATE master_accounts SET latest_signal_at = new.published_at
      WHERE master_account_id = new.master_account_id AND (latest_signal_at IS NULL OR latest_signal_at < new.published_at);
    END`.execute(db);
    await sql`CREATE TRIGGER master_hits_latest_ad AFTER DELETE ON master_hits BEGIN
      UPDATE master_accounts SET latest_signal_at =
        (SELECT max(published_at) FROM master_hits WHERE master_account_id = old.master_account_id)
      WHERE master_account_id = old.master_account_id;
    END`.execute(db);
    await sql`CREATE TRIGGER master_hits_latest_au AFTER UPDATE OF master_account_id, published_at ON master_hits BEGIN
      UPDATE master_accounts SET latest_signal_at =
        (SELECT max(published_at) FROM master_hits WHERE master_account_id = old.master_account_id)
      WHERE master_account_id = old.master_account_id;
      UPDATE master_accounts SET latest_signal_at =
        (SELECT max(published_at) FROM master_hits WHERE master_account_id = new.master_account_id)
      WHERE master_account_id = new.master_account_id;
    END`.execute(db);
    // Only a new name or website changes the full-text row: a new signal date must not rewrite it.
    await sql`DROP TRIGGER master_accounts_au`.execute(db);
    await sql`CREATE TRIGGER master_accounts_au AFTER UPDATE OF account_name, website ON master_accounts BEGIN
      INSERT INTO master_accounts_fts(master_accounts_fts, rowid, account_name, website) VALUES ('delete', old.rowid, old.account_name, old.website);
      INSERT INTO master_accounts_fts(rowid, account_name, website) VALUES (new.rowid, new.account_name, new.website);
    END`.execute(db);
  } else {
    // Per statement, not per row: one UPDATE however many hits a statement writes (the seed writes
    // hundreds at a time), each account's row changed once.
    await sql`CREATE FUNCTION master_hits_latest_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE master_accounts a SET latest_signal_at = n.latest
      FROM (SELECT master_account_id, max(published_at) AS latest FROM new_hits GROUP BY master_account_id) n
      WHERE a.master_account_id = n.master_account_id
        AND (a.latest_signal_at IS NULL OR a.latest_signal_at < n.latest);
      RETURN NULL;
    END $$`.execute(db);
    await sql`CREATE FUNCTION master_hits_latest_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE master_accounts a SET latest_signal_at =
        (SELECT max(h.published_at) FROM master_hits h WHERE h.master_account_id = a.master_account_id)
      WHERE a.master_account_id IN (SELECT master_account_id FROM old_hits);
      RETURN NULL;
    END $$`.execute(db);
    await sql`CREATE FUNCTION master_hits_latest_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE master_accounts a SET latest_signal_at =
        (SELECT max(h.published_at) FROM master_hits h WHERE h.master_account_id = a.master_account_id)
      WHERE a.master_account_id IN
        (SELECT master_account_id FROM old_hits UNION SELECT master_account_id FROM new_hits);
      RETURN NULL;
    END $$`.execute(db);
    await sql`CREATE TRIGGER master_hits_latest_ai AFTER INSERT ON master_hits REFERENCING NEW TABLE AS new_hits
      FOR EACH STATEMENT EXECUTE FUNCTION master_hits_latest_after_insert()`.execute(db);
    await sql`CREATE TRIGGER master_hits_latest_ad AFTER DELETE ON master_hits REFERENCING OLD TABLE AS old_hits
      FOR EACH STATEMENT EXECUTE FUNCTION master_hits_latest_after_delete()`.execute(db);
    // A transition-table trigger may not name columns: every UPDATE of master_hits recomputes.
    await sql`CREATE TRIGGER master_hits_latest_au AFTER UPDATE ON master_hits
      REFERENCING OLD TABLE AS old_hits NEW TABLE AS new_hits
      FOR EACH STATEMENT EXECUTE FUNCTION master_hits_latest_after_update()`.execute(db);
    // Each new signal rewrites its account's row, clearing the page's all-visible bit: vacuum after 2%
    // of the table changed (not the default 20%) so counts stay index-only scans, not heap reads.
    await sql`ALTER TABLE master_accounts SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(
      db,
    );
  }

  // Non-null values come from these indexes in order; null ones (sorted last) by the id after them.
  await db.schema
    .createIndex('master_accounts_industry_employees_idx')
    .on('master_accounts')
    .columns(['industry', 'employees', 'master_account_id'])
    .execute();
  await db.schema
    .createIndex('master_accounts_industry_signal_idx')
    .on('master_accounts')
    .columns(['industry', 'latest_signal_at', 'master_account_id'])
    .execute();
}
