import type { Kysely } from 'kysely';

/**
 * Home's cards name who holds each account: looking holders up by account goes straight to them
 * instead of walking every territory row of the tenant (bench:value-feed, 50 holders × 1,000).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('territory_accounts_holders_idx')
    .on('territory_accounts')
    .columns(['tenant_id', 'master_account_id', 'user_id'])
    .execute();
}
