import type { Kysely } from 'kysely';

/**
 * Events the browser sends while support acts as a user (spec: their user properties name the
 * impersonating account). Kept apart from analytics_events, whose rollups are the team's usage in
 * Reporting: support's page views and clicks there counted as the member's own days active.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_support_events')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('event', 'varchar(120)', (c) => c.notNull())
    .addColumn('name', 'varchar(500)')
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('user_properties', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_support_events_pk', ['tenant_id', 'id'])
    .execute();
}
