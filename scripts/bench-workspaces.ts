// npm run bench:workspaces: tenants of 10,000 workspaces and 50,000 lists each in a throw-away SQLite
// database (or DATABASE_URL), then the owned and shared listings of the navigation panel, measured
// through the service a request calls (query, mapping, JSON encoding). Two tenants: 500 people
// (20 workspaces owned, ~60 shared with each) and a heavy one of 50 (200 owned, ~600 shared).
import { performance } from 'node:perf_hooks';
import type { RequestContext } from '../apps/server/src/lib/request-context.ts';
import { createAccountQueryRepository } from '../apps/server/src/modules/filters/account-query.repository.ts';
import { createFiltersRepository } from '../apps/server/src/modules/filters/filters.repository.ts';
import { createListsRepository } from '../apps/server/src/modules/lists/lists.repository.ts';
import { createListsService } from '../apps/server/src/modules/lists/lists.service.ts';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import {
  createWorkspacesRepository,
  refreshFolded,
} from '../apps/server/src/modules/workspaces/workspaces.repository.ts';
import { createWorkspacesService } from '../apps/server/src/modules/workspaces/workspaces.service.ts';
import { openMigratedDatabase } from './open-migrated-database.ts';

/** A rep of `tenant`, as a request would bring one. */
const benchContext = (tenant: string, uid: string): RequestContext => ({
  uid,
  tenantId: tenant,
  email: `${uid}@bench.test`,
  isAdmin: false,
  isManager: false,
  isSupport: false,
  sessionId: 'bench',
  impersonator: null,
});

const WORKSPACES = 10_000;
const LISTS_PER_WORKSPACE = 5;
const TENANTS = [
  { id: 'tnt_bench_typical', users: 500 },
  { id: 'tnt_bench_heavy', users: 50 },
];
const SHARED_PER_WORKSPACE = 3;
const QUERIES = 500;
const TARGET_P99_MS = 10;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const uidOf = (tenant: string, i: number) => `${tenant}_user_${String(i).padStart(3, '0')}`;
const at = '2026-11-01T00:00:00.000Z';

const { handle, close } = await openMigratedDatabase({ throwAway: true });
try {
  const db = handle.db;
  console.log(`bench:workspaces on ${handle.engine}`);
  for (const { id: TENANT, users: USERS } of TENANTS) {
    const uid = (i: number) => uidOf(TENANT, i);
    const start = performance.now();
    await db.transaction().execute(async (trx) => {
      const BATCH = 500;
      for (let from = 0; from < WORKSPACES; from += BATCH) {
        const ids = Array.from({ length: Math.min(BATCH, WORKSPACES - from) }, (_, k) => from + k);
        await trx
          .insertInto('workspaces')
          .values(
            ids.map((w) => ({
              id: `${TENANT}_ws_${w}`,
              tenant_id: TENANT,
              name: `Workspace ${(w * 7919) % WORKSPACES}`,
              description: '',
              archived: w % 50 === 0 ? 1 : 0,
              created_at: at,
              created_by: uid(w % USERS),
              updated_at: at,
              updated_by: uid(w % USERS),
            })),
          )
          .execute();
        await trx
          .insertInto('workspace_shared_users')
          .values(
            ids.flatMap((w) =>
              Array.from({ length: SHARED_PER_WORKSPACE }, (_, s) => ({
                workspace_id: `${TENANT}_ws_${w}`,
                tenant_id: TENANT,
                uid: uid((w + 1 + s * 7) % USERS),
                added_at: at,
              })),
            ),
          )
          .execute();
        const lists = ids.flatMap((w) =>
          Array.from({ length: LISTS_PER_WORKSPACE }, (_, l) => ({ w, id: `${TENANT}_ls_${w}_${l}`, l })),
        );
        // 2,500 lists per batch: split to stay under the engines' bound-parameter limits.
        for (let i = 0; i < lists.length; i += 500) {
          const part = lists.slice(i, i + 500);
          await trx
            .insertInto('lists')
            .values(
              part.map(({ w, id, l }) => ({
                id,
                tenant_id: TENANT,
                name: `List ${l}`,
                type: l % 2 ? 'contacts' : 'accounts',
                filter_id: null,
                created_at: at,
                created_by: uid(w % USERS),
                updated_at: at,
                updated_by: uid(w % USERS),
              })),
            )
            .execute();
          await trx
            .insertInto('workspace_items')
            .values(
              part.map(({ w, id, l }) => ({
                tenant_id: TENANT,
                workspace_id: `${TENANT}_ws_${w}`,
                list_id: id,
                position: l,
              })),
            )
            .execute();
        }
        await refreshFolded(
          trx,
          benchContext(TENANT, uid(0)),
          ids.map((w) => `${TENANT}_ws_${w}`),
          ['items', 'shared', 'viewed'],
        );
      }
    });
    console.log(
      `  load ${TENANT}: ${WORKSPACES.toLocaleString('en-US')} workspaces (2% archived), ${(WORKSPACES * LISTS_PER_WORKSPACE).toLocaleString('en-US')} lists, ${USERS} users: ${WORKSPACES / USERS} owned and ~${(WORKSPACES * SHARED_PER_WORKSPACE) / USERS} shared each; loaded in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
  }

  const deps = {
    workspaces: createWorkspacesRepository(db),
    lists: createListsRepository(db),
    users: createUsersRepository(db),
    filters: createFiltersRepository(db),
    accountQuery: createAccountQueryRepository(db, handle.engine),
  };
  const service = createWorkspacesService({ ...deps, listsService: createListsService(deps) });
  for (const { id: TENANT, users: USERS } of TENANTS) {
    console.log(`  ${TENANT} (${USERS} people):`);
    const ctxOf = (i: number): RequestContext => benchContext(TENANT, uidOf(TENANT, i % USERS));

    for (const [label, listing] of [
      ['owned', (ctx: RequestContext) => service.owned(ctx)],
      ['shared', (ctx: RequestContext) => service.shared(ctx)],
    ] as const) {
      // Warm-up: the first queries compile statements and fill the page cache.
      for (let i = 0; i < 20; i++) await listing(ctxOf(i));
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < QUERIES; i++) {
        const t0 = performance.now();
        const found = await listing(ctxOf(i * 7));
        JSON.stringify({ workspaces: found });
        times.push(performance.now() - t0);
        rows += found.length;
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      console.log(
        `    ${label.padEnd(8)}${QUERIES} listings, ${(rows / QUERIES).toFixed(0)} workspaces each: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms   (target p99 <= ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'ok' : 'MISSED'})`,
      );
    }
  }
} finally {
  await close();
}
