import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Files Quarry reads for every tenant alike to discover signal sources (issue #18), kept with the
  // validators of their last answer so they are read again at most daily and conditionally: the
  // SEC's company list (company_tickers.json) by which accounts are matched to 8-K filing feeds.
  await db.schema
    .createTable('signal_reference_files')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('etag', 'varchar(500)')
    .addColumn('last_modified', 'varchar(100)')
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('fetched_at', 'varchar(32)')
    .addColumn('body', 'text')
    .addColumn('last_error', 'text')
    .execute();
}
