import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Global alerts the support account publishes (the spec has no source; Quarry adds this one).
  await db.schema
    .createTable('global_alerts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // null: shown in every tenant
    .addColumn('tenant_id', 'varchar(64)')
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    // sanitised on the way in; sanitised again in the browser
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('color', 'varchar(20)', (c) => c.notNull())
    .addColumn('icon', 'varchar(20)')
    .addColumn('action_text', 'varchar(40)')
    .addColumn('action', 'varchar(500)')
    .addColumn('dismissible', 'integer', (c) => c.notNull())
    .addColumn('allow_dont_show_again', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('global_alerts_window_idx')
    .on('global_alerts')
    .columns(['starts_at', 'ends_at'])
    .execute();
}
