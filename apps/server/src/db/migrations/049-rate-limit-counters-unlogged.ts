import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

/**
 * On PostgreSQL every request adds its hit to rate_limit_counters (migration 025) in a transaction
 * of its own, and each such commit waited for the WAL to reach the disk: a second flush per
 * analytics batch beside the events' own (issue #20, analytics ingest). An unlogged table writes no
 * WAL, so that commit no longer waits for the disk. What is lost: after a crash of the database
 * server the table is emptied, i.e. every caller's current one-minute window starts again, and a
 * standby does not hold the counts (a promoted standby starts with fresh windows too). Nothing else
 * reads the table. SQLite counts in memory and has no such table to change.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`ALTER TABLE rate_limit_counters SET UNLOGGED`.execute(db);
}
