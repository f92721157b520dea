import type { Kysely } from 'kysely';

/**
 * What a first-time user trips over (issue #17):
 * - the filter builder offers the sectors found in the data, read by skipping from one distinct
 *   value to the next: an index on sector makes that a few dozen seeks at a million accounts
 *   (industry already leads master_accounts_industry_page_idx);
 * - a comment or workspace written while the support account impersonates someone keeps who
 *   really wrote it (via_uid), so the page can say "via Support";
 * - a comment its author edits records when (edited_at).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('master_accounts_sector_idx')
    .ifNotExists()
    .on('master_accounts')
    .column('sector')
    .execute();
  await db.schema.alterTable('comments').addColumn('via_uid', 'varchar(64)').execute();
  await db.schema.alterTable('comments').addColumn('edited_at', 'varchar(32)').execute();
  await db.schema.alterTable('workspaces').addColumn('via_uid', 'varchar(64)').execute();
}
