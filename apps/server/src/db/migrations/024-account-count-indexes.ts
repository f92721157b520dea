import type { Kysely } from 'kysely';

/**
 * Every account query carries "the account is global or the caller's tenant's own"
 * (owner_tenant_id, migration 017), and no index held that column: each count read every matching
 * row from the table (a parallel sequential scan on PostgreSQL, 370–610 ms at 1M accounts) and
 * each deep page a table row per skipped account. With owner_tenant_id at the end of the account
 * table's indexes, a count is an index-only scan of one industry, and a page's ids come from the
 * index alone before its 50 rows are read by id (issue #20).
 */
const INDEXES = [
  ['master_accounts_name_page_idx', ['account_name', 'master_account_id']],
  ['master_accounts_industry_page_idx', ['industry', 'account_name', 'master_account_id']],
  ['master_accounts_industry_employees_idx', ['industry', 'employees', 'master_account_id']],
  ['master_accounts_industry_signal_idx', ['industry', 'latest_signal_at', 'master_account_id']],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('master_accounts')
      .columns([...columns, 'owner_tenant_id'])
      .execute();
  }
}
