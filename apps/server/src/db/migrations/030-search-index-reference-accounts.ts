import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

/**
 * The full-text index keeps only the reference accounts, the ones search shows (issue #16).
 *
 * Search leaves out the accounts an upload made (they belong to one tenant, and search knows
 * none), yet every one of them was indexed: most of the cost of writing an uploaded account
 * (three quarters on SQLite, where the FTS5 index is kept by triggers), paid by an upload while
 * colleagues wait on the same connection, for entries no query returns. On SQLite they could
 * even crowd a search out: the full-text step takes its first N hits before leaving them out.
 *
 * SQLite: the triggers index a row only while it has no owner tenant (an external-content FTS5
 * index must be told to delete exactly what it was given, so the delete follows the same rule),
 * and what uploads already put there goes. PostgreSQL: the search index becomes partial, with
 * the condition search already puts in its query.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    await sql`INSERT INTO master_accounts_fts(master_accounts_fts, rowid, account_name, website)
      SELECT 'delete', rowid, account_name, website FROM master_accounts WHERE owner_tenant_id IS NOT NULL`.execute(db);
    await sql`DROP TRIGGER master_accounts_ai`.execute(db);
    await sql`DROP TRIGGER master_accounts_ad`.execute(db);
    await sql`DROP TRIGGER master_accounts_au`.execute(db);
    await sql`CREATE TRIGGER master_accounts_ai AFTER INSERT ON master_accounts WHEN new.owner_tenant_id IS NULL BEGIN
      INSERT INTO master_accounts_fts(rowid, account_name, website) VALUES (new.rowid, new.account_name, new.website);
    END`.execute(db);
    await sql`CREATE TRIGGER master_accounts_ad AFTER DELETE ON master_accounts WHEN old.owner_tenant_id IS NULL BEGIN
      INSERT INTO master_accounts_fts(master_accounts_fts, rowid, account_name, website) VALUES ('delete', old.rowid, old.account_name, old.website);
    END`.execute(db);
    await sql`CREATE TRIGGER master_accounts_au AFTER UPDATE OF account_name, website, owner_tenant_id ON master_accounts BEGIN
      INSERT INTO master_accounts_fts(master_accounts_fts, rowid, account_name, website)
        SELECT 'delete', old.rowid, old.account_name, old.website WHERE old.owner_tenant_id IS NULL;
      INSERT INTO master_accounts_fts(rowid, account_name, website)
        SELECT new.rowid, new.account_name, new.website WHERE new.owner_tenant_id IS NULL;
    END`.execute(db);
    return;
  }
  await sql`DROP INDEX master_accounts_search_idx`.execute(db);
  await sql`CREATE INDEX master_accounts_search_idx ON master_accounts
    USING GIN (to_tsvector('simple', account_name || ' ' || coalesce(replace(website, '.', ' '), '')))
    WHERE owner_tenant_id IS NULL`.execute(db);
}
