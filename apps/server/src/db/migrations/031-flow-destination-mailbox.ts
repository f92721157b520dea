import type { Kysely } from 'kysely';

/**
 * Where a flow's sequence sends from (issue #21): the Outreach mailbox, Apollo email account or
 * HubSpot sender chosen with the sequence; null for the tool's first (default) one.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('flows').addColumn('destination_mailbox', 'varchar(64)').execute();
}
