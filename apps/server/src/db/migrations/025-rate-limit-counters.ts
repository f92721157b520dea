import type { Kysely } from 'kysely';

/**
 * Request budgets counted in the database (issue #20): with several server processes on one
 * PostgreSQL, a caller's requests count against one budget whichever process answers them. One row
 * per preset and caller, its window's count and when the window ends (milliseconds since 1970).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_idx')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();
}
