import type { Db } from '../../db/connection.ts';
import { scopedTo } from '../../db/scoped.ts';
import { visibleTo } from '../../db/visible-signals.ts';

/** Chunks of ids small enough for either engine's bound-parameter limit. */
function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * What a flow is written from: the global accounts, contacts and signals, and the tenant's own
 * matches, sender and name. Global tables are read by id; tenant tables always by tenant.
 */
export function createFlowSourcesRepository(db: Db) {
  return {
    async accounts(ids: string[]) {
      const rows = [];
      for (const part of chunks([...new Set(ids)])) {
        rows.push(
          ...(await db
            .selectFrom('master_accounts')
            .select(['master_account_id', 'account_name', 'website', 'industry'])
            .where('master_account_id', 'in', part)
            .execute()),
        );
      }
      return rows;
    },

    async contactsByIds(ids: string[]) {
      const rows = [];
      for (const part of chunks([...new Set(ids)])) {
        rows.push(...(await db.selectFrom('master_contacts').selectAll().where('id', 'in', part).execute()));
      }
      return rows;
    },

    async contactsOfAccounts(accountIds: string[]) {
      const rows = [];
      for (const part of chunks([...new Set(accountIds)])) {
        rows.push(
          ...(await db
            .selectFrom('master_contacts')
            .selectAll()
            .where('master_account_id', 'in', part)
            .orderBy('id')
            .execute()),
        );
      }
      return rows;
    },

    /** The tenant's stored match of each account (its result JSON), where there is one. */
    async matches(tenantId: string, accountIds: string[]) {
      const rows = [];
      for (const part of chunks([...new Set(accountIds)])) {
        rows.push(
          ...(await scopedTo(db, tenantId)
            .selectFrom('value_matches')
            .select(['master_account_id', 'result'])
            .where('master_account_id', 'in', part)
            .execute()),
        );
      }
      return rows;
    },

    /** Signals by id, those the tenant sees only (reference ones and its own sources'). */
    async hits(tenantId: string, ids: string[]) {
      const rows = [];
      for (const part of chunks([...new Set(ids)])) {
        rows.push(
          ...(await db
            .selectFrom('master_hits')
            .selectAll()
            .where('id', 'in', part)
            .where(visibleTo(tenantId, 'master_hits'))
            .execute()),
        );
      }
      return rows;
    },

    /** The signals the tenant's users marked not relevant on these accounts, as "account\nhit" keys. */
    async markedHits(tenantId: string, accountIds: string[]): Promise<Set<string>> {
      const keys = new Set<string>();
      for (const part of chunks([...new Set(accountIds)])) {
        const rows = await scopedTo(db, tenantId)
          .selectFrom('value_match_marks')
          .select(['master_account_id', 'hit_id'])
          .where('master_account_id', 'in', part)
          .execute();
        for (const r of rows) keys.add(`${r.master_account_id}\n${r.hit_id}`);
      }
      return keys;
    },

    /**
     * The newest signal of an account the tenant sees, for one that matched no hypothesis, leaving
     * out the signals its users marked not relevant.
     */
    latestHit(tenantId: string, accountId: string, except: string[] = []) {
      let query = db
        .selectFrom('master_hits')
        .selectAll()
        .where('master_account_id', '=', accountId)
        .where(visibleTo(tenantId, 'master_hits'));
      if (except.length > 0) query = query.where('id', 'not in', except);
      return query.orderBy('published_at', 'desc').orderBy('id').limit(1).executeTakeFirst();
    },

    /** Who a flow speaks for: its initiator, as a user of the tenant. */
    sender(tenantId: string, uid: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('uid', '=', uid)
        .where('company', '=', tenantId)
        .executeTakeFirst();
    },

    async tenantName(tenantId: string): Promise<string> {
      const row = await db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst();
      return row?.name ?? '';
    },
  };
}

export type FlowSourcesRepository = ReturnType<typeof createFlowSourcesRepository>;
