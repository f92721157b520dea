import type { Kysely } from 'kysely';

/**
 * A request pace shared by every server process on one database (issue #18): the SEC's fair-access
 * limit is per client, whatever its number of machines. One row per paced host, holding the time
 * (milliseconds since 1970, by the database's clock) before which its next request may not start.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signal_request_pace')
    .addColumn('host', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .execute();
}
