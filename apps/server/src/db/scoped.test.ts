import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { type Db, type DbHandle, openDatabase } from './connection.ts';
import {
  CrossTenantWriteError,
  everyTenantOr,
  ownedBy,
  ownedRow,
  referenceOrOwnedBy,
  referenceRows,
  scopedTo,
} from './scoped.ts';
import { acrossTenants, tenantOf, tenantsWithoutRows, tenantsWithRows, UnscopedQueryError } from './tenant-scope.ts';

// Issue #14: the scoped layer names the session's tenant in every query, on SQLite and PostgreSQL
// alike; another tenant's rows are invisible and untouchable through it. The tenant guard stays
// installed (openDatabase), so every query below also passes the guard.
const ACME = 'tnt_acme';
const GLOBEX = 'tnt_globex';
const AT = '2026-01-01T00:00:00.000Z';

let testDb: TestDatabase;
let handle: DbHandle;
let all: Db;
let acme: Db;
let globex: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = openDatabase(testDb.database);
  all = acrossTenants(handle.db);
  acme = scopedTo(handle.db, ACME);
  globex = scopedTo(handle.db, GLOBEX);
  await all.schema
    .createTable('tenants')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .execute();
  await all.schema
    .createTable('lists')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('filter_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
    .execute();
  // The unique key leaves tenant_id out on purpose: an upsert's conflict may then meet another
  // tenant's row, which the layer must not update.
  await all.schema
    .createTable('list_accounts')
    .addColumn('list_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('added_by', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('list_accounts_key', ['list_id', 'master_account_id'])
    .execute();
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

const list = (id: string, tenant_id: string, name: string) => ({
  id,
  tenant_id,
  name,
  type: 'accounts',
  filter_id: null,
  created_at: AT,
  created_by: 'u1',
  updated_at: AT,
  updated_by: 'u1',
});
const member = (list_id: string, tenant_id: string, master_account_id: string) => ({
  list_id,
  tenant_id,
  master_account_id,
  added_at: AT,
  added_by: 'u1',
});

beforeEach(async () => {
  await all.deleteFrom('list_accounts').execute();
  await all.deleteFrom('lists').execute();
  await all.deleteFrom('tenants').execute();
  await all
    .insertInto('tenants')
    .values([
      { id: ACME, name: 'Acme' },
      { id: GLOBEX, name: 'Globex' },
    ] as never)
    .execute();
  await all
    .insertInto('lists')
    .values([list('l-acme', ACME, 'Acme list'), list('l-globex', GLOBEX, 'Globex list')])
    .execute();
  await all
    .insertInto('list_accounts')
    .values([member('l-acme', ACME, 'a1'), member('l-acme', ACME, 'a2'), member('l-globex', GLOBEX, 'a1')])
    .execute();
});

const rowsOf = async (table: 'lists' | 'list_accounts') =>
  all.selectFrom(table).select(['tenant_id']).orderBy('tenant_id').execute();

describe('the scoped layer: reads', () => {
  it("selects only the tenant's rows", async () => {
    expect(await acme.selectFrom('lists').select('id').execute()).toEqual([{ id: 'l-acme' }]);
    expect(await globex.selectFrom('lists').select('id').execute()).toEqual([{ id: 'l-globex' }]);
    // Asking for another tenant's row by its id finds nothing.
    expect(await acme.selectFrom('lists').select('id').where('id', '=', 'l-globex').executeTakeFirst()).toBeUndefined();
  });

  it('keeps an OR of the query inside its own parentheses', async () => {
    const rows = await acme
      .selectFrom('lists')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', 'l-globex'), eb('name', '=', 'Globex list')]))
      .execute();
    expect(rows).toEqual([]);
  });

  it('scopes joined tables under their aliases, outer joins staying outer', async () => {
    const inner = await acme
      .selectFrom('lists as l')
      .innerJoin('list_accounts as la', 'la.list_id', 'l.id')
      .select(['l.id', 'la.master_account_id'])
      .orderBy('la.master_account_id')
      .execute();
    expect(inner).toEqual([
      { id: 'l-acme', master_account_id: 'a1' },
      { id: 'l-acme', master_account_id: 'a2' },
    ]);
    // A join written without any condition on the list's tenant: Globex's member row stays out.
    const left = await acme
      .selectFrom('tenants as t')
      .leftJoin('list_accounts as m', (j) => j.onTrue())
      .select(['t.id', 'm.master_account_id', 'm.tenant_id'])
      .where('t.id', '=', GLOBEX)
      .orderBy('m.master_account_id')
      .execute();
    expect(left).toEqual([
      { id: GLOBEX, master_account_id: 'a1', tenant_id: ACME },
      { id: GLOBEX, master_account_id: 'a2', tenant_id: ACME },
    ]);
    // A left join of a tenant table that has no row of this tenant still returns the left row.
    const none = await acme
      .selectFrom('tenants as t')
      .leftJoin('lists as x', 'x.id', 't.id')
      .select(['t.id', 'x.name'])
      .where('t.id', '=', ACME)
      .execute();
    expect(none).toEqual([{ id: ACME, name: null }]);
  });

  it('scopes subqueries in WHERE, in the select list and in CTEs', async () => {
    const inWhere = await acme
      .selectFrom('tenants')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('lists').select('tenant_id'))
      .execute();
    expect(inWhere).toEqual([{ id: ACME }]);
    const inSelect = await acme
      .selectFrom('tenants as t')
      .select((eb) => [
        't.id',
        eb
          .selectFrom('list_accounts as c')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .where('c.master_account_id', '=', 'a1')
          .as('members'),
      ])
      .orderBy('t.id')
      .execute();
    expect(inSelect.map((r) => [r.id, Number(r.members)])).toEqual([
      [ACME, 1],
      [GLOBEX, 1],
    ]);
    const cte = await acme
      .with('mine', (db) => db.selectFrom('list_accounts').select('master_account_id'))
      .selectFrom('mine')
      .select('master_account_id')
      .orderBy('master_account_id')
      .execute();
    expect(cte).toEqual([{ master_account_id: 'a1' }, { master_account_id: 'a2' }]);
  });
});

describe('the scoped layer: changes', () => {
  it("updates and deletes only the tenant's rows", async () => {
    const updated = await acme.updateTable('lists').set({ name: 'renamed' }).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    const byId = await acme
      .updateTable('lists')
      .set({ name: 'stolen' })
      .where('id', '=', 'l-globex')
      .executeTakeFirst();
    expect(Number(byId.numUpdatedRows)).toBe(0);
    const deleted = await acme.deleteFrom('list_accounts').where('master_account_id', '=', 'a1').executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(1);
    const names = await all.selectFrom('lists').select(['id', 'name']).orderBy('id').execute();
    expect(names).toEqual([
      { id: 'l-acme', name: 'renamed' },
      { id: 'l-globex', name: 'Globex list' },
    ]);
    expect(
      await all.selectFrom('list_accounts').select('tenant_id').where('master_account_id', '=', 'a1').execute(),
    ).toEqual([{ tenant_id: GLOBEX }]);
  });

  it('scopes a subquery of an update or a delete', async () => {
    // Globex's member a1 is not among Acme's, so the list's name does not change.
    const result = await globex
      .updateTable('lists')
      .set({ name: 'has a2' })
      .where('id', 'in', (eb) => eb.selectFrom('list_accounts').select('list_id').where('master_account_id', '=', 'a2'))
      .executeTakeFirst();
    expect(Number(result.numUpdatedRows)).toBe(0);
    const deleted = await globex
      .deleteFrom('lists')
      .where('id', 'in', (eb) => eb.selectFrom('list_accounts').select('list_id'))
      .executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(1);
    expect(await all.selectFrom('lists').select('id').execute()).toEqual([{ id: 'l-acme' }]);
  });

  it('refuses an update that moves a row to another tenant', async () => {
    await expect(
      acme
        .updateTable('lists')
        .set({ tenant_id: GLOBEX } as never)
        .execute(),
    ).rejects.toThrow(CrossTenantWriteError);
    expect(await rowsOf('lists')).toEqual([{ tenant_id: ACME }, { tenant_id: GLOBEX }]);
  });
});

describe('the scoped layer: inserts', () => {
  it('sets tenant_id on a single row and on every row of several', async () => {
    await acme
      .insertInto('lists')
      .values({ ...list('l-new', ACME, 'new'), tenant_id: undefined } as never)
      .execute();
    await globex
      .insertInto('list_accounts')
      .values([
        { list_id: 'l-globex', master_account_id: 'b1', added_at: AT, added_by: 'u2' },
        { list_id: 'l-globex', master_account_id: 'b2', added_at: AT, added_by: 'u2' },
      ] as never)
      .execute();
    expect(await all.selectFrom('lists').select('tenant_id').where('id', '=', 'l-new').execute()).toEqual([
      { tenant_id: ACME },
    ]);
    expect(
      await all
        .selectFrom('list_accounts')
        .select('tenant_id')
        .where('master_account_id', 'in', ['b1', 'b2'])
        .execute(),
    ).toEqual([{ tenant_id: GLOBEX }, { tenant_id: GLOBEX }]);
  });

  it('takes rows that name the same tenant, and fills a row that leaves it out among rows that give it', async () => {
    await acme
      .insertInto('list_accounts')
      .values([member('l-acme', ACME, 'c1'), { ...member('l-acme', ACME, 'c2'), tenant_id: undefined }] as never)
      .execute();
    expect(
      await all
        .selectFrom('list_accounts')
        .select('tenant_id')
        .where('master_account_id', 'in', ['c1', 'c2'])
        .execute(),
    ).toEqual([{ tenant_id: ACME }, { tenant_id: ACME }]);
  });

  it('refuses a row that names another tenant, and writes none of the rows', async () => {
    await expect(
      acme
        .insertInto('lists')
        .values(list('l-x', GLOBEX, 'x'))
        .execute(),
    ).rejects.toThrow(CrossTenantWriteError);
    await expect(
      acme
        .insertInto('list_accounts')
        .values([member('l-acme', ACME, 'd1'), member('l-acme', GLOBEX, 'd2')])
        .execute(),
    ).rejects.toThrow(CrossTenantWriteError);
    expect(
      await all
        .selectFrom('list_accounts')
        .select('master_account_id')
        .where('master_account_id', 'like', 'd%')
        .execute(),
    ).toEqual([]);
  });

  it('refuses INSERT … SELECT, whose rows it cannot scope', async () => {
    const query = acme
      .insertInto('lists')
      .columns(['id', 'tenant_id', 'name', 'type', 'created_at', 'created_by', 'updated_at', 'updated_by'])
      .expression((eb) =>
        eb
          .selectFrom('lists')
          .select(['id', 'tenant_id', 'name', 'type', 'created_at', 'created_by', 'updated_at', 'updated_by']),
      );
    expect(() => query.compile()).toThrow(CrossTenantWriteError);
  });

  it("an upsert's DO UPDATE changes the tenant's own row, never another tenant's", async () => {
    // Conflicts with Acme's own (l-acme, a1): updated.
    await acme
      .insertInto('list_accounts')
      .values(member('l-acme', ACME, 'a1'))
      .onConflict((oc) => oc.columns(['list_id', 'master_account_id']).doUpdateSet({ added_by: 'acme-again' }))
      .execute();
    // Conflicts with Globex's (l-globex, a1): Acme may not update it.
    await acme
      .insertInto('list_accounts')
      .values(member('l-globex', ACME, 'a1'))
      .onConflict((oc) => oc.columns(['list_id', 'master_account_id']).doUpdateSet({ added_by: 'acme-was-here' }))
      .execute();
    // DO NOTHING stays as it is.
    await acme
      .insertInto('list_accounts')
      .values(member('l-acme', ACME, 'a2'))
      .onConflict((oc) => oc.columns(['list_id', 'master_account_id']).doNothing())
      .execute();
    const rows = await all
      .selectFrom('list_accounts')
      .select(['list_id', 'tenant_id', 'master_account_id', 'added_by'])
      .orderBy('list_id')
      .orderBy('master_account_id')
      .execute();
    expect(rows).toEqual([
      { list_id: 'l-acme', tenant_id: ACME, master_account_id: 'a1', added_by: 'acme-again' },
      { list_id: 'l-acme', tenant_id: ACME, master_account_id: 'a2', added_by: 'u1' },
      { list_id: 'l-globex', tenant_id: GLOBEX, master_account_id: 'a1', added_by: 'u1' },
    ]);
    expect(() =>
      acme
        .insertInto('list_accounts')
        .values(member('l-acme', ACME, 'a1'))
        .onConflict((oc) => oc.columns(['list_id', 'master_account_id']).doUpdateSet({ tenant_id: GLOBEX } as never))
        .compile(),
    ).toThrow(CrossTenantWriteError);
  });
});

describe('the scoped layer and the guard', () => {
  it('works inside a transaction begun on the scoped database', async () => {
    await acme.transaction().execute(async (trx) => {
      await trx.deleteFrom('list_accounts').execute();
    });
    expect(await rowsOf('list_accounts')).toEqual([{ tenant_id: GLOBEX }]);
  });

  it('leaves the guard in place for the unscoped database', () => {
    expect(() => handle.db.selectFrom('lists').selectAll().compile()).toThrow(UnscopedQueryError);
    expect(() => scopedTo(handle.db, '')).toThrow();
  });

  it('scoping a scoped database again keeps one binding, and refuses another tenant', async () => {
    expect(scopedTo(acme, ACME)).toBe(acme);
    expect(() => scopedTo(acme, GLOBEX)).toThrow(/another tenant/);
    await acme.transaction().execute(async (trx) => {
      expect(await scopedTo(trx, ACME).selectFrom('lists').select('id').execute()).toEqual([{ id: 'l-acme' }]);
    });
  });
});

describe('the tenants a scheduled job works for (across tenants by design)', () => {
  it('lists the tenants with rows in a tenant table, narrowed as asked, through the guarded database', async () => {
    expect((await tenantsWithRows(handle.db, 'list_accounts')).sort()).toEqual([ACME, GLOBEX]);
    expect(
      await tenantsWithRows(handle.db, 'list_accounts', (rows) => rows.where('master_account_id', '=', 'a2')),
    ).toEqual([ACME]);
  });

  it('lists the tenants without a row in a tenant table', async () => {
    expect(await tenantsWithoutRows(handle.db, 'list_accounts')).toEqual([]);
    await globex.deleteFrom('list_accounts').execute();
    expect(await tenantsWithoutRows(handle.db, 'list_accounts')).toEqual([GLOBEX]);
    expect(await tenantsWithRows(handle.db, 'list_accounts')).toEqual([ACME]);
  });
});

describe('the rows of a shared table a tenant may see (referenceOrOwnedBy)', () => {
  beforeAll(async () => {
    await all.schema
      .createTable('master_accounts')
      .addColumn('master_account_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('owner_tenant_id', 'varchar(64)')
      .execute();
    const row = (master_account_id: string, owner_tenant_id: string | null) =>
      ({ master_account_id, account_name: master_account_id, owner_tenant_id }) as never;
    await all
      .insertInto('master_accounts')
      .values([row('ref', null), row('acme_upload', ACME), row('globex_upload', GLOBEX)])
      .execute();
  });

  it("are the reference rows and the tenant's own, by name or under an alias", async () => {
    const seen = async (tenant: string) =>
      (
        await all
          .selectFrom('master_accounts')
          .select('master_account_id')
          .where(referenceOrOwnedBy(tenant))
          .orderBy('master_account_id')
          .execute()
      ).map((r) => r.master_account_id);
    expect(await seen(ACME)).toEqual(['acme_upload', 'ref']);
    expect(await seen(GLOBEX)).toEqual(['globex_upload', 'ref']);
    // A list of Acme's naming all three (a stale id of another tenant's upload included).
    await all
      .insertInto('list_accounts')
      .values(['ref', 'acme_upload', 'globex_upload'].map((id) => member('l-acme', ACME, id)))
      .execute();
    const joined = await acme
      .selectFrom('list_accounts as la')
      .innerJoin('master_accounts as a', 'a.master_account_id', 'la.master_account_id')
      .select('a.master_account_id')
      .where(referenceOrOwnedBy(ACME, 'a'))
      .orderBy('a.master_account_id')
      .execute();
    expect(joined.map((r) => r.master_account_id)).toEqual(['acme_upload', 'ref']);
  });

  it('keeps an OR of the query from reaching another tenant’s rows', async () => {
    const rows = await all
      .selectFrom('master_accounts')
      .select('master_account_id')
      .where((eb) =>
        eb.and([
          referenceOrOwnedBy(ACME),
          eb.or([eb('master_account_id', '=', 'globex_upload'), eb('master_account_id', '=', 'ref')]),
        ]),
      )
      .execute();
    expect(rows.map((r) => r.master_account_id)).toEqual(['ref']);
  });

  it("names the tenant's own rows (ownedBy), the reference rows (referenceRows), and stamps a row given to a tenant (ownedRow)", async () => {
    // Under the alias m, which the helpers given no table name leave unqualified.
    const ids = async (where: ReturnType<typeof ownedBy>) =>
      (
        await all
          .selectFrom('master_accounts as m')
          .select('master_account_id')
          .where(where)
          .orderBy('master_account_id')
          .execute()
      ).map((r) => r.master_account_id);
    expect(await ids(ownedBy(ACME))).toEqual(['acme_upload']);
    expect(await ids(ownedBy(GLOBEX, 'm'))).toEqual(['globex_upload']);
    expect(await ids(referenceRows())).toEqual(['ref']);
    expect(await ids(everyTenantOr(GLOBEX, 'owner_tenant_id'))).toEqual(['globex_upload', 'ref']);

    await all
      .insertInto('master_accounts')
      .values(ownedRow({ master_account_id: 'acme_second', account_name: 'acme_second' }, ACME) as never)
      .execute();
    expect(await ids(ownedBy(ACME))).toEqual(['acme_second', 'acme_upload']);
    expect(await ids(ownedBy(GLOBEX))).toEqual(['globex_upload']);
  });
});

describe('the tenant of a row read across tenants (tenantOf)', () => {
  it("joins a tenant table's row to its tenant under the query's alias", async () => {
    await all
      .insertInto('tenants')
      .values([
        { id: 'tnt_of_a', name: 'Tenant A' },
        { id: 'tnt_of_b', name: 'Tenant B' },
      ] as never)
      .execute();
    await all
      .insertInto('lists')
      .values([list('of-a', 'tnt_of_a', 'A list'), list('of-b', 'tnt_of_b', 'B list')])
      .execute();
    const rows = await all
      .selectFrom('lists as l')
      .innerJoin('tenants as t', (join) => join.on('t.id', '=', tenantOf('l')))
      .select(['l.id', 't.name'])
      .where('l.id', 'in', ['of-a', 'of-b'])
      .orderBy('l.id')
      .execute();
    expect(rows).toEqual([
      { id: 'of-a', name: 'Tenant A' },
      { id: 'of-b', name: 'Tenant B' },
    ]);
  });
});
