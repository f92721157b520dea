import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.ts';
import { acrossTenants, TenantScopeGuard, UnscopedQueryError } from './tenant-scope.ts';

// Issue #14: a repository query on a tenant table that forgets the tenant fails before it runs.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
  plugins: [new TenantScopeGuard()],
});
const T = 'tnt_acme';

describe('the tenant guard', () => {
  it('refuses reads, changes and deletes of tenant rows that do not name the tenant', () => {
    // Built inside the check: a subquery is checked as soon as it is part of a query.
    for (const query of [
      () => db.selectFrom('workspaces').selectAll().where('id', '=', 'w1'),
      () => db.selectFrom('workspace_items').select('list_id').where('workspace_id', '=', 'w1'),
      () => db.updateTable('lists').set({ name: 'x' }).where('id', '=', 'l1'),
      () => db.deleteFrom('saved_filters').where('id', '=', 'f1'),
      // The job queue: a tenant's jobs are asked for through the scoped layer (#14).
      () => db.selectFrom('jobs').select('status').where('type', '=', 'recompute_value_matches'),
      // A tenant condition under OR scopes nothing.
      () =>
        db
          .selectFrom('triggers')
          .selectAll()
          .where((eb) => eb.or([eb('tenant_id', '=', T), eb('id', '=', 't1')])),
      // A joined tenant table needs its own condition, or a join on tenant_id to a scoped one.
      () =>
        db
          .selectFrom('lists as l')
          .innerJoin('workspace_items as wi', 'wi.list_id', 'l.id')
          .select('l.id')
          .where('l.tenant_id', '=', T),
      // A subquery is checked on its own.
      () =>
        db
          .selectFrom('lists')
          .select('id')
          .where('tenant_id', '=', T)
          .where('id', 'in', db.selectFrom('list_accounts').select('list_id')),
    ]) {
      expect(() => query().compile()).toThrow(UnscopedQueryError);
    }
  });

  it('refuses an insert into a tenant table without tenant_id', () => {
    const insert = db
      .insertInto('favorites')
      .values({ user_id: 'u1', master_account_id: 'a1', created_at: 'now' } as never);
    expect(() => insert.compile()).toThrow(/An insert on tenant table favorites/);
  });

  it('lets scoped queries through, however the scope is written', () => {
    for (const query of [
      db.selectFrom('workspaces').selectAll().where('tenant_id', '=', T),
      db.selectFrom('workspaces as w').selectAll('w').where('w.tenant_id', 'in', [T]),
      db
        .selectFrom('lists as l')
        .innerJoin('workspace_items as wi', (join) =>
          join.onRef('wi.list_id', '=', 'l.id').onRef('wi.tenant_id', '=', 'l.tenant_id'),
        )
        .select('l.id')
        .where('l.tenant_id', '=', T),
      db
        .updateTable('lists')
        .set({ name: 'x' })
        .where((eb) => eb.and([eb('tenant_id', '=', T), eb('id', '=', 'l1')])),
      db.deleteFrom('saved_filters').where('tenant_id', '=', T).where('id', '=', 'f1'),
      db.insertInto('favorites').values({ tenant_id: T, user_id: 'u1', master_account_id: 'a1', created_at: 'now' }),
      // Global and non-tenant tables are not the guard's business.
      db.selectFrom('master_accounts').selectAll(),
      db.selectFrom('users').selectAll(),
    ]) {
      expect(() => query.compile()).not.toThrow();
    }
  });

  it('stays out of the way of queries that work across tenants on purpose', () => {
    expect(() => acrossTenants(db).selectFrom('value_matches').select('tenant_id').distinct().compile()).not.toThrow();
  });
});
