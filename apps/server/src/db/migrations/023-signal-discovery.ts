import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Automatic discovery of signal sources (issue #18): which of a tenant's accounts were looked
  // at, when, and what was found, so each is read again only after a month.
  await db.schema
    .createTable('signal_discoveries')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('found', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(500)')
    .addPrimaryKeyConstraint('signal_discoveries_pk', ['tenant_id', 'master_account_id'])
    .execute();
  // A discovered source its admin deleted: never discovered again for that tenant.
  await db.schema
    .createTable('signal_source_dismissals')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('signal_source_dismissals_pk', ['tenant_id', 'url'])
    .execute();
}
