import type { Kysely } from 'kysely';

/**
 * The filter builder offers the sectors found in the data, read by skipping from one distinct
 * value to the next: an index on sector makes that a few dozen seeks at a million accounts
 * (industry already leads master_accounts_industry_page_idx).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('master_accounts_sector_idx').on('master_accounts').column('sector').execute();
}
