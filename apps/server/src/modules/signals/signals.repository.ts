import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { MasterHitsTable, SignalItemsTable, SignalSourcesTable } from '../../db/schema.ts';
import { acrossTenants } from '../../db/tenant-scope.ts';

export type SignalSourceRow = Selectable<SignalSourcesTable>;
export type SignalItemRow = Selectable<SignalItemsTable>;

/** What a sweep writes for one source, committed with others in one transaction. */
export type SweepWrite = {
  sourceId: string;
  sourceChanges: Updateable<SignalSourcesTable>;
  newItems?: Insertable<SignalItemsTable>[];
  itemSources?: { item_id: string; source_id: string; url: string | null; seen_at: string }[];
  itemUpdates?: { itemId: string; names: string; accountIds: string; credit: string | null; hitIds: string[] }[];
  hits?: Insertable<MasterHitsTable>[];
};

/** Signal sources (tenant rows) and the items and hits they bring (global rows, like master_hits). */
export function createSignalsRepository(db: Db) {
  return {
    list(tenantId: string): Promise<SignalSourceRow[]> {
      return db
        .selectFrom('signal_sources')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    find(tenantId: string, id: string): Promise<SignalSourceRow | undefined> {
      return db
        .selectFrom('signal_sources')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findByUrl(tenantId: string, url: string): Promise<SignalSourceRow | undefined> {
      return db
        .selectFrom('signal_sources')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('url', '=', url)
        .executeTakeFirst();
    },

    async insert(row: Insertable<SignalSourcesTable>): Promise<void> {
      await db.insertInto('signal_sources').values(row).execute();
    },

    async update(tenantId: string, id: string, changes: Updateable<SignalSourcesTable>): Promise<void> {
      await db
        .updateTable('signal_sources')
        .set(changes)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async remove(tenantId: string, id: string): Promise<boolean> {
      await db
        .deleteFrom('signal_item_sources')
        .where('tenant_id', '=', tenantId)
        .where('source_id', '=', id)
        .execute();
      const result = await db
        .deleteFrom('signal_sources')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Takes a tenant's due sources for one sweep: their next fetch moves to `until` (a time of this
     * sweep's own), so a sweep running at the same time in another process leaves them alone; a
     * sweep that dies before recording them tries them again at `until`.
     */
    async claimDue(tenantId: string, now: string, until: string, limit: number): Promise<SignalSourceRow[]> {
      const due = await db
        .selectFrom('signal_sources')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('status', '!=', 'paused')
        .where('next_fetch_at', '<=', now)
        .orderBy('next_fetch_at')
        .limit(limit)
        .execute();
      const ids = due.map((r) => r.id);
      for (let i = 0; i < ids.length; i += 500) {
        await db
          .updateTable('signal_sources')
          .set({ next_fetch_at: until })
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids.slice(i, i + 500))
          .where('next_fetch_at', '<=', now)
          .execute();
      }
      if (ids.length === 0) return [];
      return db
        .selectFrom('signal_sources')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('next_fetch_at', '=', until)
        .where('status', '!=', 'paused')
        .execute();
    },

    /** Tenants with a source due: the scheduler queues one sweep job for each (across tenants by design). */
    async tenantsDue(now: string): Promise<string[]> {
      const rows = await acrossTenants(db)
        .selectFrom('signal_sources')
        .select('tenant_id')
        .distinct()
        .where('status', '!=', 'paused')
        .where('next_fetch_at', '<=', now)
        .execute();
      return rows.map((r) => r.tenant_id);
    },

    /** Tenants whose value matches depend on signals: those with a trigger (matching reads global hits). */
    async tenantsWithTriggers(): Promise<string[]> {
      const rows = await acrossTenants(db).selectFrom('triggers').select('tenant_id').distinct().execute();
      return rows.map((r) => r.tenant_id);
    },

    accountNames() {
      return db.selectFrom('master_accounts').select(['master_account_id', 'account_name', 'website']).execute();
    },

    account(id: string) {
      return db
        .selectFrom('master_accounts')
        .select(['master_account_id', 'account_name', 'website'])
        .where('master_account_id', '=', id)
        .executeTakeFirst();
    },

    /** Items first seen since `since`, for deduplication against this sweep's. */
    recentItems(since: string): Promise<SignalItemRow[]> {
      return db.selectFrom('signal_items').selectAll().where('created_at', '>=', since).execute();
    },

    /** The links under which this tenant's sources carried recent items (a merged copy has its own URL). */
    recentLinks(tenantId: string, since: string): Promise<{ item_id: string; url: string | null }[]> {
      return db
        .selectFrom('signal_item_sources')
        .select(['item_id', 'url'])
        .where('tenant_id', '=', tenantId)
        .where('seen_at', '>=', since)
        .execute();
    },

    itemsByUrl(urls: string[]): Promise<SignalItemRow[]> {
      if (urls.length === 0) return Promise.resolve([]);
      return db.selectFrom('signal_items').selectAll().where('canonical_url', 'in', urls).execute();
    },

    /** Several sources' sweep results in one transaction: new items, credits, hits and health. */
    async writeBatches(tenantId: string, writes: SweepWrite[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const newItems = writes.flatMap((w) => w.newItems ?? []);
        const links = writes.flatMap((w) => w.itemSources ?? []).map((l) => ({ ...l, tenant_id: tenantId }));
        const hits = writes.flatMap((w) => w.hits ?? []);
        for (let i = 0; i < newItems.length; i += 200) {
          await trx
            .insertInto('signal_items')
            .values(newItems.slice(i, i + 200))
            .execute();
        }
        for (let i = 0; i < links.length; i += 200) {
          await trx
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
            .execute();
          if (u.credit !== null && u.hitIds.length > 0) {
            await trx.updateTable('master_hits').set({ source: u.credit }).where('id', 'in', u.hitIds).execute();
          }
        }
        for (const w of writes) {
          await trx
            .updateTable('signal_sources')
            .set(w.sourceChanges)
            .where('tenant_id', '=', tenantId)
            .where('id', '=', w.sourceId)
            .execute();
        }
      });
    },
  };
}

export type SignalsRepository = ReturnType<typeof createSignalsRepository>;
