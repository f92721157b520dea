import type { Kysely } from 'kysely';

/**
 * The child rows of workspaces and lists carry their tenant too, so that every query on them can
 * name it (tenant-scope.ts) instead of relying on a check made earlier on the parent. Existing
 * rows take their parent's tenant.
 */
const CHILDREN = [
  { table: 'workspace_items', parent: 'workspaces', key: 'workspace_id' },
  { table: 'workspace_views', parent: 'workspaces', key: 'workspace_id' },
  { table: 'list_accounts', parent: 'lists', key: 'list_id' },
  { table: 'list_contacts', parent: 'lists', key: 'list_id' },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, parent, key } of CHILDREN) {
    // SQLite adds a NOT NULL column only with a default; an empty tenant matches no one's queries.
    await db.schema
      .alterTable(table)
      .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db
      .updateTable(table)
      .set((eb) => ({
        tenant_id: eb.selectFrom(parent).select(`${parent}.tenant_id`).whereRef(`${parent}.id`, '=', `${table}.${key}`),
      }))
      .execute();
  }
}
