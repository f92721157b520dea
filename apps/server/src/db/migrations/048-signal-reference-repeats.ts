import type { Kysely } from 'kysely';

/**
 * A tenant's own story that repeats a reference signal (issue #18): the same article as a Wikinews
 * hit, found by its canonical URL or as a near-duplicate. That tenant sees the story once, its own
 * signal crediting both sources, and not the reference hit; other tenants see the reference hit as
 * before and never this row. Deleting either side deletes the row (the key leads with hit_id, so
 * a deleted reference hit finds its rows by index).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signal_reference_repeats')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('hit_id', 'varchar(64)', (c) => c.notNull().references('master_hits.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull().references('signal_items.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('signal_reference_repeats_pk', ['hit_id', 'tenant_id'])
    .execute();
  await db.schema
    .createIndex('signal_reference_repeats_item_idx')
    .on('signal_reference_repeats')
    .column('item_id')
    .execute();
}
