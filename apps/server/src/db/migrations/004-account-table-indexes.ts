import type { Kysely } from 'kysely';

/**
 * The account table filters on industry and pages by name: these indexes hand a page of
 * 50 over directly, at a million accounts, instead of sorting every match.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('master_accounts_name_page_idx')
    .on('master_accounts')
    .columns(['account_name', 'master_account_id'])
    .execute();
  await db.schema
    .createIndex('master_accounts_industry_page_idx')
    .on('master_accounts')
    .columns(['industry', 'account_name', 'master_account_id'])
    .execute();
}
