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
    await sql`CREATE FUNCTION master_hits_latest_signal() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        UPDATE master_accounts SET latest_signal_at =
          (SELECT max(published_at) FROM master_hits WHERE master_account_id = OLD.master_account_id)
        WHERE master_account_id = OLD.master_account_id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        UPDATE master_accounts SET latest_signal_at = NEW.published_at
        WHERE master_account_id = NEW.master_account_id
          AND (latest_signal_at IS NULL OR latest_signal_at < NEW.published_at);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
    await sql`CREATE TRIGGER master_hits_latest_signal
      AFTER INSERT OR DELETE OR UPDATE OF master_account_id, published_at ON master_hits
      FOR EACH ROW EXECUTE FUNCTION master_hits_latest_signal()`.execute(db);
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
