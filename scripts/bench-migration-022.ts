/**
 * node --import tsx scripts/bench-migration-022.ts — the cost of migration 022's data step
 * (splitLiveSignals) on a large signal_items table: BENCH_ITEMS (default 200,000) live signals
 * written as global rows before it, each with its hit; 90% carried by one tenant's source, 5% by
 * two tenants' (split into two stories), 5% by none (deleted). On a throw-away SQLite database (or
 * DATABASE_URL). Prints the time, the load average and the rows it left. The latest-signal triggers
 * 022 creates after its data step are dropped first (SQLite), as they did not exist when the step ran.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { splitLiveSignals } from '../apps/server/src/db/migrations/022-private-signals.ts';
import { acrossTenants } from '../apps/server/src/db/tenant-scope.ts';
import { insertTestAccount } from '../apps/server/src/testing/test-account.ts';
import { openMigratedDatabase } from './open-migrated-database.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 200_000);
const ACCOUNTS = 100;
const at = '2026-11-01T00:00:00.000Z';
const { handle, close } = await openMigratedDatabase({ throwAway: true });
const db = acrossTenants(handle.db);
const chunked = async <T>(rows: T[], size: number, write: (rows: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
};

for (let i = 0; i < ACCOUNTS; i++) await insertTestAccount(handle.db, `acc_m22_${i}`, `Migration Bench ${i}`);
const tenants = ['tnt_m22_a', 'tnt_m22_b'];
await db
  .insertInto('signal_sources')
  .values(
    tenants.map((tenant, i) => ({
      id: `src_m22_${i}`,
      tenant_id: tenant,
      kind: 'feed',
      url: `https://news.example/${i}`,
      board_token: null,
      name: `Feed ${i}`,
      master_account_id: null,
      status: 'active',
      discovered: 0,
      etag: null,
      last_modified: null,
      next_fetch_at: at,
      last_fetch_at: null,
      last_success_at: null,
      last_error: null,
      failure_count: 0,
      fetch_count: 1,
      not_modified_count: 0,
      items_found: 1,
      last_items_found: 1,
      created_at: at,
      updated_at: at,
    })),
  )
  .execute();
console.log(`writing ${ITEMS} items, hits and links…`);
const ids = Array.from({ length: ITEMS }, (_, i) => i.toString(16).padStart(12, '0'));
const accountOf = (i: number) => `acc_m22_${i % ACCOUNTS}`;
await chunked(ids, 500, (chunk) =>
  db
    .insertInto('signal_items')
    .values(
      chunk.map((id) => ({
        id,
        canonical_url: `https://news.example/story/${id}`,
        simhash: '0000000000000000',
        title: `Story ${id}`,
        published_at: at,
        source_names: '["Feed 0"]',
        account_ids: JSON.stringify([accountOf(Number.parseInt(id, 16))]),
        created_at: at,
      })),
    )
    .execute(),
);
await chunked(ids, 500, (chunk) =>
  db
    .insertInto('master_hits')
    .values(
      chunk.map((id) => ({
        id: `sig_${id}_${accountOf(Number.parseInt(id, 16))}`,
        master_account_id: accountOf(Number.parseInt(id, 16)),
        type: 'news_article',
        title: `Story ${id}`,
        text: 'Text',
        url: null,
        source: 'Feed 0',
        published_at: at,
      })),
    )
    .execute(),
);
const links = ids.flatMap((id, i) => {
  const bucket = i % 20;
  if (bucket === 0) return []; // carried by no source any more
  const one = { tenant_id: tenants[0] as string, item_id: id, source_id: 'src_m22_0', url: null, seen_at: at };
  return bucket === 1 ? [one, { ...one, tenant_id: tenants[1] as string, source_id: 'src_m22_1' }] : [one];
});
await chunked(links, 500, (chunk) => db.insertInto('signal_item_sources').values(chunk).execute());

if (handle.engine === 'sqlite') {
  for (const name of [
    'master_hits_latest_ai',
    'master_hits_private_ai',
    'master_hits_latest_ad',
    'master_hits_private_ad',
    'master_hits_latest_au',
  ]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
  }
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`migration 022 data step — ${ITEMS} items, ${handle.engine}, load average ${load()}`);
const start = performance.now();
await splitLiveSignals(db);
const seconds = (performance.now() - start) / 1000;
const count = async (table: 'signal_items' | 'master_hits') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
console.log(
  `splitLiveSignals: ${seconds.toFixed(1)} s (${Math.round(ITEMS / seconds)} items/s); load average ${load()}; ` +
    `left ${await count('signal_items')} items, ${await count('master_hits')} hits (expected ${ITEMS * 1} of each: ` +
    `${ITEMS / 20} deleted, ${ITEMS / 20} copied)`,
);
await close();
