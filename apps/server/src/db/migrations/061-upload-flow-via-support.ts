import type { Kysely } from 'kysely';

/**
 * An upload or a flow started by the support account while it impersonates someone keeps who
 * really started it (via_uid, as comments and workspaces do since 019), so /upload and /actions
 * can say "via Support" beside the member's name.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('via_uid', 'varchar(64)').execute();
  await db.schema.alterTable('flows').addColumn('via_uid', 'varchar(64)').execute();
}
