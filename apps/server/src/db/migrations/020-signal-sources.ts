import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Live signals (issue #18): the feeds, job boards and SEC filing feeds a tenant watches, with
  // their health and the validators (ETag, Last-Modified) of their last answer.
  await db.schema
    .createTable('signal_sources')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('board_token', 'varchar(200)')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('discovered', 'integer', (c) => c.notNull())
    .addColumn('etag', 'varchar(500)')
    .addColumn('last_modified', 'varchar(100)')
    .addColumn('next_fetch_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_fetch_at', 'varchar(32)')
    .addColumn('last_success_at', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('failure_count', 'integer', (c) => c.notNull())
    .addColumn('fetch_count', 'integer', (c) => c.notNull())
    .addColumn('not_modified_count', 'integer', (c) => c.notNull())
    .addColumn('items_found', 'integer', (c) => c.notNull())
    .addColumn('last_items_found', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signal_sources_tenant_url_idx')
    .on('signal_sources')
    .columns(['tenant_id', 'url'])
    .unique()
    .execute();
  await db.schema.createIndex('signal_sources_due_idx').on('signal_sources').columns(['next_fetch_at']).execute();

  // One story however many feeds carried it: its canonical URL and text fingerprint (simhash),
  // global like the master_hits rows it becomes (one per account it is linked to).
  await db.schema
    .createTable('signal_items')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('canonical_url', 'text')
    .addColumn('simhash', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_names', 'text', (c) => c.notNull())
    .addColumn('account_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signal_items_url_idx').on('signal_items').columns(['canonical_url']).execute();
  await db.schema.createIndex('signal_items_created_idx').on('signal_items').columns(['created_at']).execute();

  // Which of a tenant's sources carried an item, and under which link: the credit on the signal.
  await db.schema
    .createTable('signal_item_sources')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(64)', (c) => c.notNull().references('signal_items.id').onDelete('cascade'))
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull().references('signal_sources.id').onDelete('cascade'))
    .addColumn('url', 'text')
    .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('signal_item_sources_pk', ['item_id', 'source_id'])
    .execute();
  await db.schema
    .createIndex('signal_item_sources_source_idx')
    .on('signal_item_sources')
    .columns(['tenant_id', 'source_id'])
    .execute();
}
