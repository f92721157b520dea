import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { type DbHandle, openDatabase } from '../connection.ts';
import { up } from './015-child-tenant-ids.ts';

// Issue #14: rows made before the migration take their parent's tenant; none is lost or moved.
let testDb: TestDatabase;
let handle: DbHandle;
// biome-ignore lint/suspicious/noExplicitAny: the tables as they were before the migration, not today's schema
let db: Kysely<any>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = openDatabase(testDb.database, { guardTenants: false });
  db = handle.db;
  for (const parent of ['workspaces', 'lists']) {
    await db.schema
      .createTable(parent)
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
      .execute();
  }
  await db.schema
    .createTable('workspace_items')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('list_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('workspace_views')
    .addColumn('workspace_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('uid', 'varchar(64)', (c) => c.notNull())
    .addColumn('viewed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  for (const [table, member] of [
    ['list_accounts', 'master_account_id'],
    ['list_contacts', 'contact_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('list_id', 'varchar(64)', (c) => c.notNull())
      .addColumn(member, 'varchar(64)', (c) => c.notNull())
      .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('added_by', 'varchar(64)', (c) => c.notNull())
      .execute();
  }
});
afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

it("gives every child row of workspaces and lists its parent's tenant", async () => {
  await db
    .insertInto('workspaces')
    .values([
      { id: 'w-acme', tenant_id: 'tnt_acme' },
      { id: 'w-globex', tenant_id: 'tnt_globex' },
    ])
    .execute();
  await db
    .insertInto('lists')
    .values([
      { id: 'l-acme', tenant_id: 'tnt_acme' },
      { id: 'l-globex', tenant_id: 'tnt_globex' },
    ])
    .execute();
  await db
    .insertInto('workspace_items')
    .values([
      { workspace_id: 'w-acme', list_id: 'l-acme', position: 0 },
      { workspace_id: 'w-globex', list_id: 'l-globex', position: 0 },
    ])
    .execute();
  await db
    .insertInto('workspace_views')
    .values([
      { workspace_id: 'w-acme', uid: 'u1', viewed_at: 'then' },
      { workspace_id: 'w-globex', uid: 'u2', viewed_at: 'then' },
    ])
    .execute();
  const added = { added_at: 'then', added_by: 'u1' };
  await db
    .insertInto('list_accounts')
    .values([
      { list_id: 'l-acme', master_account_id: 'a1', ...added },
      { list_id: 'l-globex', master_account_id: 'a1', ...added },
    ])
    .execute();
  await db
    .insertInto('list_contacts')
    .values([
      { list_id: 'l-acme', contact_id: 'c1', ...added },
      { list_id: 'l-globex', contact_id: 'c2', ...added },
    ])
    .execute();

  await up(db);

  const tenants = async (table: string, key: string) =>
    (await db.selectFrom(table).select([key, 'tenant_id']).orderBy(key).execute()).map((r) => [r[key], r.tenant_id]);
  expect(await tenants('workspace_items', 'workspace_id')).toEqual([
    ['w-acme', 'tnt_acme'],
    ['w-globex', 'tnt_globex'],
  ]);
  expect(await tenants('workspace_views', 'workspace_id')).toEqual([
    ['w-acme', 'tnt_acme'],
    ['w-globex', 'tnt_globex'],
  ]);
  expect(await tenants('list_accounts', 'list_id')).toEqual([
    ['l-acme', 'tnt_acme'],
    ['l-globex', 'tnt_globex'],
  ]);
  expect(await tenants('list_contacts', 'list_id')).toEqual([
    ['l-acme', 'tnt_acme'],
    ['l-globex', 'tnt_globex'],
  ]);
});
