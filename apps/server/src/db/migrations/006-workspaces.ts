import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Workspace (spec section 3). items, shared_users and viewed are child tables so that
  // "shared with me" and "which workspaces hold this list" are index lookups.
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    // The child tables below, folded into the row (comma-separated, in order) so a listing reads
    // one row per workspace; the repository refreshes them in the transaction that changes a child.
    .addColumn('items_csv', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shared_csv', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('viewed_csv', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workspaces_owner_idx')
    .on('workspaces')
    .columns(['tenant_id', 'created_by', 'archived'])
    .execute();

  await db.schema
    .createTable('workspace_shared_users')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_shared_users_pk', ['workspace_id', 'uid'])
    .execute();
  await db.schema
    .createIndex('workspace_shared_users_uid_idx')
    .on('workspace_shared_users')
    .columns(['tenant_id', 'uid', 'workspace_id'])
    .execute();

  await db.schema
    .createTable('workspace_views')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('viewed_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_views_pk', ['workspace_id', 'uid'])
    .execute();

  await db.schema
    .createTable('lists')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('filter_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lists_tenant_idx').on('lists').columns(['tenant_id', 'id']).execute();

  // A workspace's items: the ids of the lists it holds, in the order they were added.
  await db.schema
    .createTable('workspace_items')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('list_id', 'varchar(64)', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_items_pk', ['workspace_id', 'list_id'])
    .execute();
  await db.schema.createIndex('workspace_items_list_idx').on('workspace_items').columns(['list_id']).execute();

  await db.schema
    .createTable('list_accounts')
    .addColumn('list_id', 'varchar(64)', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('added_by', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_accounts_pk', ['list_id', 'master_account_id'])
    .execute();
  await db.schema
    .createIndex('list_accounts_account_idx')
    .on('list_accounts')
    .columns(['master_account_id', 'list_id'])
    .execute();

  await db.schema
    .createTable('list_contacts')
    .addColumn('list_id', 'varchar(64)', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('contact_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('added_by', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_contacts_pk', ['list_id', 'contact_id'])
    .execute();
}
