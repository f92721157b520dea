import type { SignalReason } from '@quarry/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type {
  MasterHitsTable,
  SignalItemsTable,
  SignalReferenceFilesTable,
  SignalSourcesTable,
} from '../../db/schema.ts';
import {
  ownedBy,
  ownedRow,
  referenceOrOwnedBy,
  referenceRows,
  scopedTo,
  tenantKey,
  type WithoutTenant,
} from '../../db/scoped.ts';
import { tenantsWithRows } from '../../db/tenant-scope.ts';
import { createJobsRepository } from '../../jobs/jobs.repository.ts';
import { canonicalUrl } from './dedupe.ts';

export type SignalSourceRow = WithoutTenant<Selectable<SignalSourcesTable>>;
export type SignalItemRow = Selectable<SignalItemsTable>;

/** What a sweep writes for one source, committed with others in one transaction. */
export type SweepWrite = {
  sourceId: string;
  sourceChanges: WithoutTenant<Updateable<SignalSourcesTable>>;
  newItems?: Insertable<SignalItemsTable>[];
  itemSources?: { item_id: string; source_id: string; url: string | null; seen_at: string }[];
  itemUpdates?: { itemId: string; names: string; accountIds: string; credit: string | null; hitIds: string[] }[];
  hits?: Insertable<MasterHitsTable>[];
  /** Reference hits (owner null) a new story of the tenant repeats: left out for the tenant from now on. */
  referenceRepeats?: { hit_id: string; item_id: string }[];
};

/**
 * Signal sources (tenant rows) and the items and hits they bring: rows of global tables
 * (signal_items, master_hits) owned by the tenant whose sources found them (their owner), so
 * no other tenant sees them and stories are deduplicated within one tenant only.
 */
export function createSignalsRepository(db: Db) {
  const scoped = (tenantId: string) => scopedTo(db, tenantId);
  return {
    list(tenantId: string): Promise<SignalSourceRow[]> {
      return scoped(tenantId)
        .selectFrom('signal_sources')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    find(tenantId: string, id: string): Promise<SignalSourceRow | undefined> {
      return scoped(tenantId).selectFrom('signal_sources').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The tenant's source reading the same page as `url`, however it is spelled: compared by
     * canonical URL (tracking parameters such as utm_* and fbclid, the fragment, "www." and the
     * scheme left out), so `…/news/rss?utm_source=x` finds `…/news/rss`.
     */
    async findByUrl(tenantId: string, url: string): Promise<SignalSourceRow | undefined> {
      const wanted = canonicalUrl(url);
      if (!wanted) return undefined;
      // Only sources on the same host can be the same page: the URLs stored are as `new URL` spells
      // them (scheme and host in lower case). A LIKE wildcard in a host only widens the candidates.
      const host = new URL(url).hostname.replace(/^www\./, '');
      const prefixes = ['http://', 'https://', 'http://www.', 'https://www.'].map((scheme) => `${scheme}${host}%`);
      const candidates = await scoped(tenantId)
        .selectFrom('signal_sources')
        .selectAll()
        .where((eb) => eb.or(prefixes.map((prefix) => eb('url', 'like', prefix))))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return candidates.find((row) => canonicalUrl(row.url) === wanted);
    },

    /** Adds a source; false when the tenant already has one at this URL (another request's, an instant earlier). */
    async insert(tenantId: string, row: WithoutTenant<Insertable<SignalSourcesTable>>): Promise<boolean> {
      const result = await scoped(tenantId)
        .insertInto('signal_sources')
        .values(row)
        .onConflict((oc) => oc.columns(tenantKey('url')).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async update(tenantId: string, id: string, changes: WithoutTenant<Updateable<SignalSourcesTable>>): Promise<void> {
      await scoped(tenantId).updateTable('signal_sources').set(changes).where('id', '=', id).execute();
    },

    async remove(tenantId: string, id: string): Promise<boolean> {
      await scoped(tenantId).deleteFrom('signal_item_sources').where('source_id', '=', id).execute();
      const result = await scoped(tenantId).deleteFrom('signal_sources').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Takes a tenant's due sources for one sweep: their next fetch moves to `until` (a time of this
     * sweep's own), so a sweep running at the same time in another process leaves them alone; a
     * sweep that dies before recording them tries them again at `until`.
     */
    async claimDue(tenantId: string, now: string, until: string, limit: number): Promise<SignalSourceRow[]> {
      const due = await scoped(tenantId)
        .selectFrom('signal_sources')
        .select('id')
        .where('status', '!=', 'paused')
        .where('next_fetch_at', '<=', now)
        .orderBy('next_fetch_at')
        .limit(limit)
        .execute();
      const ids = due.map((r) => r.id);
      for (let i = 0; i < ids.length; i += 500) {
        await scoped(tenantId)
          .updateTable('signal_sources')
          .set({ next_fetch_at: until })
          .where('id', 'in', ids.slice(i, i + 500))
          .where('next_fetch_at', '<=', now)
          .execute();
      }
      if (ids.length === 0) return [];
      return scoped(tenantId)
        .selectFrom('signal_sources')
        .selectAll()
        .where('next_fetch_at', '=', until)
        .where('status', '!=', 'paused')
        .execute();
    },

    /** Whether the tenant's admin deleted a discovered source at each of these URLs (not discovered again). */
    async dismissed(tenantId: string, urls: string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const rows = await scoped(tenantId)
        .selectFrom('signal_source_dismissals')
        .select('url')
        .where('url', 'in', urls)
        .execute();
      return new Set(rows.map((r) => r.url));
    },

    async dismiss(tenantId: string, url: string, at: string): Promise<void> {
      await scoped(tenantId)
        .insertInto('signal_source_dismissals')
        .values({ url, created_at: at })
        .onConflict((oc) => oc.columns(tenantKey('url')).doNothing())
        .execute();
    },

    /** Whether any account is in one of the tenant's territories or account lists. */
    async hasHeldAccounts(tenantId: string): Promise<boolean> {
      const [territory, list] = await Promise.all([
        scoped(tenantId).selectFrom('territory_accounts').select('master_account_id').limit(1).executeTakeFirst(),
        scoped(tenantId).selectFrom('list_accounts').select('master_account_id').limit(1).executeTakeFirst(),
      ]);
      return territory !== undefined || list !== undefined;
    },

    /**
     * Accounts of the tenant's territories and account lists, with a website, that discovery has
     * not looked at since `before`: at most `limit`, those never looked at first.
     */
    async accountsToDiscover(tenantId: string, before: string, limit: number) {
      const held = await scoped(tenantId)
        .selectFrom('territory_accounts')
        .select('master_account_id')
        .union(scoped(tenantId).selectFrom('list_accounts').select('master_account_id'))
        .limit(20_000)
        .execute();
      const ids = [...new Set(held.map((r) => r.master_account_id))];
      const due: { master_account_id: string; account_name: string; website: string | null; checked: string }[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        const [accounts, checked] = await Promise.all([
          db
            .selectFrom('master_accounts')
            .select(['master_account_id', 'account_name', 'website'])
            .where('master_account_id', 'in', part)
            .where(referenceOrOwnedBy(tenantId))
            .execute(),
          scoped(tenantId)
            .selectFrom('signal_discoveries')
            .select(['master_account_id', 'checked_at'])
            .where('master_account_id', 'in', part)
            .execute(),
        ]);
        const last = new Map(checked.map((c) => [c.master_account_id, c.checked_at]));
        for (const a of accounts) {
          const at = last.get(a.master_account_id) ?? '';
          if (at < before) due.push({ ...a, checked: at });
        }
      }
      due.sort((x, y) => x.checked.localeCompare(y.checked) || x.master_account_id.localeCompare(y.master_account_id));
      return due.slice(0, limit);
    },

    async recordDiscovery(
      tenantId: string,
      accountId: string,
      at: string,
      found: number,
      outcome: string | null,
      reasons: SignalReason[],
    ) {
      const outcome_reasons = reasons.length > 0 ? JSON.stringify(reasons) : null;
      await scoped(tenantId)
        .insertInto('signal_discoveries')
        .values({ master_account_id: accountId, checked_at: at, found, outcome, outcome_reasons })
        .onConflict((oc) =>
          oc.columns(tenantKey('master_account_id')).doUpdateSet({ checked_at: at, found, outcome, outcome_reasons }),
        )
        .execute();
    },

    /** Tenants with accounts in a territory or list: the scheduler queues their discovery (across tenants by design). */
    async tenantsHoldingAccounts(): Promise<string[]> {
      const [territories, lists] = await Promise.all([
        tenantsWithRows(db, 'territory_accounts'),
        tenantsWithRows(db, 'list_accounts'),
      ]);
      return [...new Set([...territories, ...lists])];
    },

    /** The tenant's sweep job (waiting or running, if any) and its sources still to read now. */
    async sweepState(tenantId: string, jobType: string, now: string) {
      const [job, due] = await Promise.all([
        createJobsRepository(db).waitingOrRunning(tenantId, jobType),
        scoped(tenantId)
          .selectFrom('signal_sources')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '!=', 'paused')
          .where('next_fetch_at', '<=', now)
          .executeTakeFirstOrThrow(),
      ]);
      const state: 'idle' | 'queued' | 'running' = job ?? 'idle';
      return { state, due: Number(due.n) };
    },

    /** Discovery's job state and what the accounts it looked at gave (signal_discoveries). */
    async discoveryState(tenantId: string, jobType: string) {
      const [job, seen] = await Promise.all([
        createJobsRepository(db).waitingOrRunning(tenantId, jobType),
        scoped(tenantId)
          .selectFrom('signal_discoveries')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('checked'),
            eb.fn.sum<number | string | null>('found').as('found'),
            eb.fn.count<number | string>(eb.case().when('found', '>', 0).then(1).end()).as('with_sources'),
            // Home pages that could not be read or did not answer (offline, every one of them).
            eb.fn
              .count<number | string>(
                eb
                  .case()
                  .when(
                    eb.or([
                      eb('outcome_reasons', 'like', '%"home_page_unreadable"%'),
                      eb('outcome_reasons', 'like', '%"home_page_no_answer"%'),
                    ]),
                  )
                  .then(1)
                  .end(),
              )
              .as('unreadable'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      const state: 'idle' | 'queued' | 'running' = job ?? 'idle';
      return {
        state,
        accounts_checked: Number(seen.checked),
        accounts_with_sources: Number(seen.with_sources),
        sources_found: Number(seen.found ?? 0),
        accounts_unreadable: Number(seen.unreadable),
      };
    },

    /** Tenants with a source due: the scheduler queues one sweep job for each (across tenants by design). */
    async tenantsDue(now: string): Promise<string[]> {
      return tenantsWithRows(db, 'signal_sources', (sources) =>
        sources.where('status', '!=', 'paused').where('next_fetch_at', '<=', now),
      );
    },

    /** The accounts a tenant's general feeds may name: those it sees. */
    accountNames(tenantId: string) {
      return db
        .selectFrom('master_accounts')
        .select(['master_account_id', 'account_name', 'website'])
        .where(referenceOrOwnedBy(tenantId))
        .execute();
    },

    /** A reference file's validators and health, without its body. */
    referenceFile(name: string) {
      return db
        .selectFrom('signal_reference_files')
        .select(['name', 'url', 'etag', 'last_modified', 'attempted_at', 'fetched_at', 'last_error'])
        .where('name', '=', name)
        .executeTakeFirst();
    },

    async referenceFileBody(name: string): Promise<string | null> {
      const row = await db
        .selectFrom('signal_reference_files')
        .select('body')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.body ?? null;
    },

    /** Records an attempt to read a reference file; a body given replaces the stored one. */
    async saveReferenceFile(row: Insertable<SignalReferenceFilesTable>): Promise<void> {
      const { name, ...changes } = row;
      await db
        .insertInto('signal_reference_files')
        .values(row)
        .onConflict((oc) => oc.column('name').doUpdateSet(changes))
        .execute();
    },

    /**
     * Reserves the next start for a request to `host`, `gapMs` after the previous reservation of any
     * process on this PostgreSQL database (one row, updated atomically, by the database's clock);
     * answers how many milliseconds the caller waits before starting. PostgreSQL only.
     */
    async reserveRequestSlot(host: string, gapMs: number): Promise<number> {
      const nowMs = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
      const row = await db
        .insertInto('signal_request_pace')
        .values({ host, next_at: sql<number>`${nowMs} + ${gapMs}` })
        .onConflict((oc) =>
          oc.column('host').doUpdateSet({
            next_at: sql<number>`greatest(signal_request_pace.next_at, ${nowMs}) + ${gapMs}`,
          }),
        )
        .returning([sql<string>`next_at - ${gapMs} - ${nowMs}`.as('wait_ms')])
        .executeTakeFirstOrThrow();
      return Math.max(0, Number(row.wait_ms));
    },

    /** An account's newest reference signals (every tenant's, such as Wikinews), which a tenant's own story may repeat. */
    referenceHits(accountId: string, limit: number) {
      return db
        .selectFrom('master_hits')
        .select(['id', 'url', 'title', 'text', 'source'])
        .where('master_account_id', '=', accountId)
        .where(referenceRows())
        .orderBy('published_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** An account the tenant sees (an upload's own accounts are its tenant's alone). */
    account(tenantId: string, id: string) {
      return db
        .selectFrom('master_accounts')
        .select(['master_account_id', 'account_name', 'website'])
        .where('master_account_id', '=', id)
        .where(referenceOrOwnedBy(tenantId))
        .executeTakeFirst();
    },

    /** The tenant's items first seen since `since`, for deduplication against this sweep's. */
    recentItems(tenantId: string, since: string): Promise<SignalItemRow[]> {
      return db
        .selectFrom('signal_items')
        .selectAll()
        .where(ownedBy(tenantId))
        .where('created_at', '>=', since)
        .execute();
    },

    /** The links under which this tenant's sources carried recent items (a merged copy has its own URL). */
    recentLinks(tenantId: string, since: string): Promise<{ item_id: string; url: string | null }[]> {
      return scoped(tenantId)
        .selectFrom('signal_item_sources')
        .select(['item_id', 'url'])
        .where('seen_at', '>=', since)
        .execute();
    },

    itemsByUrl(tenantId: string, urls: string[]): Promise<SignalItemRow[]> {
      if (urls.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('signal_items')
        .selectAll()
        .where(ownedBy(tenantId))
        .where('canonical_url', 'in', urls)
        .execute();
    },

    /** Several sources' sweep results in one transaction: new items, credits, hits and health. */
    async writeBatches(tenantId: string, writes: SweepWrite[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // signal_items and master_hits are global tables: the rows a tenant's sources find are its own.
        const scopedTrx = scopedTo(trx, tenantId);
        const newItems = writes.flatMap((w) => w.newItems ?? []).map((i) => ownedRow(i, tenantId));
        const links = writes.flatMap((w) => w.itemSources ?? []);
        const hits = writes.flatMap((w) => w.hits ?? []).map((h) => ownedRow(h, tenantId));
        for (let i = 0; i < newItems.length; i += 200) {
          await trx
            .insertInto('signal_items')
            .values(newItems.slice(i, i + 200))
            .execute();
        }
        for (let i = 0; i < links.length; i += 200) {
          await scopedTrx
            .insertInto('signal_item_sources')
            .values(links.slice(i, i + 200))
            .onConflict((oc) => oc.columns(['item_id', 'source_id']).doNothing())
            .execute();
        }
        // Hits before credits: a story merged in the same batch updates the hit written just now.
        for (let i = 0; i < hits.length; i += 200) {
          await trx
            .insertInto('master_hits')
            .values(hits.slice(i, i + 200))
            .execute();
        }
        for (const u of writes.flatMap((w) => w.itemUpdates ?? [])) {
          await trx
            .updateTable('signal_items')
            .set({ source_names: u.names, account_ids: u.accountIds })
            .where('id', '=', u.itemId)
            .where(ownedBy(tenantId))
            .execute();
          if (u.credit !== null && u.hitIds.length > 0) {
            await trx
              .updateTable('master_hits')
              .set({ source: u.credit })
              .where('id', 'in', u.hitIds)
              .where(ownedBy(tenantId))
              .execute();
          }
        }
        const repeats = writes.flatMap((w) => w.referenceRepeats ?? []);
        for (let i = 0; i < repeats.length; i += 200) {
          await scopedTrx
            .insertInto('signal_reference_repeats')
            .values(repeats.slice(i, i + 200).map((r) => ({ ...r, created_at: new Date().toISOString() })))
            .onConflict((oc) => oc.columns(tenantKey('hit_id')).doNothing())
            .execute();
        }
        for (const w of writes) {
          await scopedTrx.updateTable('signal_sources').set(w.sourceChanges).where('id', '=', w.sourceId).execute();
        }
      });
    },
  };
}

export type SignalsRepository = ReturnType<typeof createSignalsRepository>;
