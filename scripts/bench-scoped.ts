// npm run bench:scoped: the scoped data layer's own cost per query (issue #14). The same
// representative repository queries run written by hand (`where tenant_id = …`) and through
// scopedTo(db, tenant) (no tenant condition: the layer adds it), on a throw-away SQLite database, or
// on DATABASE_URL (PostgreSQL: give it a database of its own, it is migrated and filled).
//
// Both sides start from the database without the development guard, as production runs, and the
// scoped side calls scopedTo() per query as repositories do per call, so its figure includes
// binding the database, building, the layer's rewrite and compiling. Each query is timed twice:
// compile only (what the layer adds, with no database in the way) and compile + execute. Hand and
// scoped runs alternate, so a change of machine load falls on both.
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.ts';
import { type ScopedDb, scopedTo } from '../apps/server/src/db/scoped.ts';
import { acrossTenants } from '../apps/server/src/db/tenant-scope.ts';
import { openMigratedDatabase } from './open-migrated-database.ts';

const TENANTS = ['tnt_bench_scoped_a', 'tnt_bench_scoped_b'];
const WORKSPACES = 200;
const LISTS_PER_WORKSPACE = 5;
const ACCOUNTS_PER_LIST = 40;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const WARMUP = 200;
const at = '2026-11-01T00:00:00.000Z';

type Query = { compile(): unknown; execute(): Promise<unknown> };
/** One representative query, written by hand and through the layer; `i` varies the row it touches. */
type Case = {
  name: string;
  hand: (db: Kysely<Database>, tenant: string, i: number) => Query;
  scoped: (db: ScopedDb, i: number) => Query;
  /** An insert: the second side finds the first side's row, so the answers are not compared. */
  inserts?: true;
};

const ws = (tenant: string, i: number) => `${tenant}_ws_${i % WORKSPACES}`;
const list = (tenant: string, i: number) => `${tenant}_ls_${i % WORKSPACES}_${i % LISTS_PER_WORKSPACE}`;
const T = TENANTS[0] as string;

const CASES: Case[] = [
  {
    name: 'select one row by id (workspace)',
    hand: (db, tenant, i) =>
      db.selectFrom('workspaces').selectAll().where('tenant_id', '=', tenant).where('id', '=', ws(tenant, i)),
    scoped: (db, i) => db.selectFrom('workspaces').selectAll().where('id', '=', ws(T, i)),
  },
  {
    name: 'join, order, limit (list members with their list)',
    hand: (db, tenant, i) =>
      db
        .selectFrom('list_accounts as la')
        .innerJoin('lists as l', (j) => j.onRef('l.id', '=', 'la.list_id').on('l.tenant_id', '=', tenant))
        .select(['la.master_account_id', 'la.added_at', 'l.name'])
        .where('la.tenant_id', '=', tenant)
        .where('la.list_id', '=', list(tenant, i))
        .orderBy('la.added_at', 'desc')
        .limit(25),
    scoped: (db, i) =>
      db
        .selectFrom('list_accounts as la')
        .innerJoin('lists as l', 'l.id', 'la.list_id')
        .select(['la.master_account_id', 'la.added_at', 'l.name'])
        .where('la.list_id', '=', list(T, i))
        .orderBy('la.added_at', 'desc')
        .limit(25),
  },
  {
    name: 'subquery in WHERE + left join count (a workspace’s lists)',
    hand: (db, tenant, i) =>
      db
        .selectFrom('lists')
        .leftJoin('list_accounts', (j) =>
          j.onRef('list_accounts.list_id', '=', 'lists.id').on('list_accounts.tenant_id', '=', tenant),
        )
        .select(['lists.id', 'lists.name', (eb) => eb.fn.count('list_accounts.master_account_id').as('n')])
        .where('lists.tenant_id', '=', tenant)
        .where('lists.id', 'in', (eb) =>
          eb
            .selectFrom('workspace_items')
            .select('list_id')
            .where('workspace_items.tenant_id', '=', tenant)
            .where('workspace_id', '=', ws(tenant, i)),
        )
        .groupBy(['lists.id', 'lists.name']),
    scoped: (db, i) =>
      db
        .selectFrom('lists')
        .leftJoin('list_accounts', 'list_accounts.list_id', 'lists.id')
        .select(['lists.id', 'lists.name', (eb) => eb.fn.count('list_accounts.master_account_id').as('n')])
        .where('lists.id', 'in', (eb) =>
          eb.selectFrom('workspace_items').select('list_id').where('workspace_id', '=', ws(T, i)),
        )
        .groupBy(['lists.id', 'lists.name']),
  },
  {
    name: 'update by id (rename a list)',
    hand: (db, tenant, i) =>
      db
        .updateTable('lists')
        .set({ name: `List ${i}`, updated_at: at })
        .where('tenant_id', '=', tenant)
        .where('id', '=', list(tenant, i)),
    scoped: (db, i) =>
      db
        .updateTable('lists')
        .set({ name: `List ${i}`, updated_at: at })
        .where('id', '=', list(T, i)),
  },
  {
    name: 'insert one row, conflict ignored (add to a list)',
    inserts: true,
    hand: (db, tenant, i) =>
      db
        .insertInto('list_accounts')
        .values({
          tenant_id: tenant,
          list_id: list(tenant, i),
          master_account_id: `acc_${i}`,
          added_at: at,
          added_by: 'u',
        })
        .onConflict((oc) => oc.columns(['list_id', 'master_account_id']).doNothing()),
    scoped: (db, i) =>
      db
        .insertInto('list_accounts')
        .values({ list_id: list(T, i), master_account_id: `acc_${i}`, added_at: at, added_by: 'u' })
        .onConflict((oc) => oc.columns(['list_id', 'master_account_id']).doNothing()),
  },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
/** A query's answer as text (update and insert results count rows in BigInts). */
const answer = async (q: Query) =>
  JSON.stringify(await q.execute(), (_key, value) => (typeof value === 'bigint' ? String(value) : value));
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

async function fill(db: Kysely<Database>, tenant: string) {
  await db.transaction().execute(async (trx) => {
    // A PostgreSQL database given again holds the previous run's rows: start from none.
    for (const table of ['list_accounts', 'workspace_items', 'lists', 'workspaces'] as const) {
      await trx.deleteFrom(table).where('tenant_id', '=', tenant).execute();
    }
    for (let w = 0; w < WORKSPACES; w++) {
      await trx
        .insertInto('workspaces')
        .values({
          id: ws(tenant, w),
          tenant_id: tenant,
          name: `Workspace ${w}`,
          description: '',
          archived: 0,
          created_at: at,
          created_by: 'u',
          updated_at: at,
          updated_by: 'u',
        })
        .execute();
      const lists = Array.from({ length: LISTS_PER_WORKSPACE }, (_, l) => `${tenant}_ls_${w}_${l}`);
      await trx
        .insertInto('lists')
        .values(
          lists.map((id, l) => ({
            id,
            tenant_id: tenant,
            name: `List ${l}`,
            type: 'accounts',
            filter_id: null,
            created_at: at,
            created_by: 'u',
            updated_at: at,
            updated_by: 'u',
          })),
        )
        .execute();
      await trx
        .insertInto('workspace_items')
        .values(lists.map((id, l) => ({ tenant_id: tenant, workspace_id: ws(tenant, w), list_id: id, position: l })))
        .execute();
      await trx
        .insertInto('list_accounts')
        .values(
          lists.flatMap((id) =>
            Array.from({ length: ACCOUNTS_PER_LIST }, (_, a) => ({
              tenant_id: tenant,
              list_id: id,
              master_account_id: `acc_${w}_${a}`,
              added_at: at,
              added_by: 'u',
            })),
          ),
        )
        .execute();
    }
  });
}

const { handle, close } = await openMigratedDatabase({ throwAway: true });
try {
  // As production runs it: without the development guard, which would otherwise check both sides.
  const db = acrossTenants(handle.db);
  for (const tenant of TENANTS) await fill(db, tenant);
  const rows = WORKSPACES * LISTS_PER_WORKSPACE * ACCOUNTS_PER_LIST;
  console.log(
    `bench:scoped on ${handle.engine}: ${TENANTS.length} tenants × ${WORKSPACES} workspaces, ${WORKSPACES * LISTS_PER_WORKSPACE} lists, ${rows.toLocaleString('en-US')} list members; ${ROUNDS} rounds per query`,
  );
  console.log(
    `  ${'query'.padEnd(56)} ${'compile hand'.padStart(13)} ${'scoped'.padStart(10)} ${'+'.padStart(10)}   ${'run hand'.padStart(10)} ${'scoped'.padStart(10)} ${'+'.padStart(10)}`,
  );
  const overheads: number[] = [];
  for (const c of CASES) {
    // Both sides must read the same rows, or the comparison says nothing.
    const same = (await answer(c.hand(db, T, 7))) === (await answer(c.scoped(scopedTo(db, T), 7)));
    if (!c.inserts && !same) throw new Error(`${c.name}: the hand-scoped and layer-scoped queries answer differently`);
    const compile = { hand: [] as number[], scoped: [] as number[] };
    const run = { hand: [] as number[], scoped: [] as number[] };
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const keep = i >= WARMUP;
      let t0 = performance.now();
      c.hand(db, T, i).compile();
      const ch = performance.now() - t0;
      t0 = performance.now();
      c.scoped(scopedTo(db, T), i).compile();
      const cs = performance.now() - t0;
      // Alternate which side runs first, so caches warmed by one do not always favour the other.
      const order = i % 2 === 0 ? (['hand', 'scoped'] as const) : (['scoped', 'hand'] as const);
      const times: Record<'hand' | 'scoped', number> = { hand: 0, scoped: 0 };
      for (const side of order) {
        t0 = performance.now();
        if (side === 'hand') await c.hand(db, T, i).execute();
        else await c.scoped(scopedTo(db, T), i).execute();
        times[side] = performance.now() - t0;
      }
      if (!keep) continue;
      compile.hand.push(ch);
      compile.scoped.push(cs);
      run.hand.push(times.hand);
      run.scoped.push(times.scoped);
    }
    const [ch, cs, rh, rs] = [compile.hand, compile.scoped, run.hand, run.scoped].map(median) as [
      number,
      number,
      number,
      number,
    ];
    overheads.push(cs - ch);
    console.log(
      `  ${c.name.padEnd(56)} ${us(ch).padStart(13)} ${us(cs).padStart(10)} ${us(cs - ch).padStart(10)}   ${us(rh).padStart(10)} ${us(rs).padStart(10)} ${us(rs - rh).padStart(10)}`,
    );
  }
  console.log(
    `  the layer's own cost (median compile difference, scopedTo() included): ${us(Math.min(...overheads))}–${us(Math.max(...overheads))} per query`,
  );
} finally {
  await close();
}
