import type { TriggerExample } from '@quarry/shared';
import { sql } from 'kysely';
import type { Db, Engine } from '../../../db/connection.ts';
import { scopedTo, tenantKey } from '../../../db/scoped.ts';
import { parseJsonColumn } from '../../../lib/json-column.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import type { TriggerStatsRow } from './trigger-stats.ts';

/** What each trigger does (written by the recompute) and the tenant's "not relevant" marks (migration 029). */
export function createTuningRepository(db: Db, engine: Engine) {
  return {
    async replaceTriggerStats(tenantId: string, rows: TriggerStatsRow[], computedAt: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Two recomputes of one tenant (two server processes) replace the rows one after the
        // other: without the lock both deleted, then the second insert hit the first's rows
        // (duplicate key) and its job failed. SQLite writes one transaction at a time anyway.
        if (engine === 'postgres')
          await sql`SELECT pg_advisory_xact_lock(hashtext('value_match_trigger_stats'), hashtext(${tenantId}))`.execute(
            trx,
          );
        const scoped = scopedTo(trx, tenantId);
        await scoped.deleteFrom('value_match_trigger_stats').execute();
        if (rows.length === 0) return;
        await scoped
          .insertInto('value_match_trigger_stats')
          .values(
            rows.map((r) => ({
              trigger_id: r.trigger_id,
              tier_1_accounts: r.tier_1_accounts,
              tier_2_accounts: r.tier_2_accounts,
              none_accounts: r.none_accounts,
              beside_accounts: r.beside_accounts,
              top_tier_hits: r.top_tier_hits,
              examples: JSON.stringify(r.examples),
              computed_at: computedAt,
            })),
          )
          .execute();
      });
    },

    async triggerStats(ctx: Pick<RequestContext, 'tenantId'>) {
      const rows = await scopedTo(db, ctx.tenantId).selectFrom('value_match_trigger_stats').selectAll().execute();
      return rows.map((r) => ({ ...r, examples: parseJsonColumn<TriggerExample[]>(r.examples, []) }));
    },

    /** Each mark's trigger ids, for the precision per trigger. */
    async marks(ctx: Pick<RequestContext, 'tenantId'>) {
      const rows = await scopedTo(db, ctx.tenantId)
        .selectFrom('value_match_marks')
        .select(['master_account_id', 'hit_id', 'trigger_ids'])
        .execute();
      return rows.map((r) => ({ ...r, trigger_ids: parseJsonColumn<string[]>(r.trigger_ids, []) }));
    },

    async markedHits(ctx: Pick<RequestContext, 'tenantId'>, masterAccountId: string): Promise<Set<string>> {
      const rows = await scopedTo(db, ctx.tenantId)
        .selectFrom('value_match_marks')
        .select('hit_id')
        .where('master_account_id', '=', masterAccountId)
        .execute();
      return new Set(rows.map((r) => r.hit_id));
    },

    /** Marks the evidence; marking it again changes nothing. */
    async mark(ctx: RequestContext, masterAccountId: string, hitId: string, triggerIds: string[], at: string) {
      await scopedTo(db, ctx.tenantId)
        .insertInto('value_match_marks')
        .values({
          master_account_id: masterAccountId,
          hit_id: hitId,
          trigger_ids: JSON.stringify(triggerIds),
          marked_by: ctx.uid,
          marked_at: at,
        })
        .onConflict((oc) => oc.columns(tenantKey('master_account_id', 'hit_id')).doNothing())
        .execute();
    },

    async unmark(ctx: RequestContext, masterAccountId: string, hitId: string): Promise<void> {
      await scopedTo(db, ctx.tenantId)
        .deleteFrom('value_match_marks')
        .where('master_account_id', '=', masterAccountId)
        .where('hit_id', '=', hitId)
        .execute();
    },
  };
}

export type TuningRepository = ReturnType<typeof createTuningRepository>;
