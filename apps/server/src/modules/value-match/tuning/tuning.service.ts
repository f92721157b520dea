import type { AccountMatch, TriggerStatsList, ValueMatchMark } from '@quarry/shared';
import { invalidField, notFound } from '../../../lib/http-error.ts';
import { parseJsonColumn } from '../../../lib/json-column.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import type { ValueMatchesRepository } from '../value-matches.repository.ts';
import type { TuningRepository } from './tuning.repository.ts';

/**
 * Tenant-facing tuning (issue #19): what each trigger currently does, and "not relevant" marks
 * on a match's evidence, counted against the trigger that found it as the tenant's own precision.
 * A marked signal stops counting for its account at the next recompute, which a mark queues.
 */
export function createTuningService(deps: {
  tuning: TuningRepository;
  matches: ValueMatchesRepository;
  /** A mark changes what counts as evidence: the tenant's matches are computed again. */
  requestRecompute?: (tenantId: string) => Promise<void>;
  clock?: () => Date;
}) {
  const { tuning, matches, clock = () => new Date() } = deps;
  const recompute = deps.requestRecompute ?? (async () => {});

  /** The caller's tenant's match of the account (404 otherwise) and the evidence hit it names (400 otherwise). */
  async function evidence(ctx: RequestContext, masterAccountId: string, hitId: string) {
    const row = await matches.findOne(ctx, masterAccountId);
    if (!row) throw notFound('Value match not found');
    const result = parseJsonColumn<AccountMatch | null>(row.result, null);
    const hit = result?.hits.find((h) => h.hit_id === hitId);
    if (!hit) throw invalidField('hit_id', 'is not a signal of this match', 'unknown_reference');
    return hit;
  }

  return {
    async triggerStats(ctx: RequestContext): Promise<TriggerStatsList> {
      const [rows, marks] = await Promise.all([tuning.triggerStats(ctx), tuning.marks(ctx)]);
      const marked = new Map<string, number>();
      for (const m of marks) for (const id of new Set(m.trigger_ids)) marked.set(id, (marked.get(id) ?? 0) + 1);
      const markedSignals = new Set(marks.map((m) => `${m.master_account_id}\u0000${m.hit_id}`));
      return {
        computed_at: rows[0]?.computed_at ?? null,
        triggers: rows.map((r) => {
          const notRelevant = Math.min(marked.get(r.trigger_id) ?? 0, r.top_tier_hits);
          return {
            trigger_id: r.trigger_id,
            accounts: {
              tier_1: r.tier_1_accounts,
              tier_2: r.tier_2_accounts,
              none: r.none_accounts,
              ranked_by_others: r.beside_accounts,
            },
            // A marked example says so: the admin sees which quoted sentences the team rejected.
            examples: r.examples.map((e) => ({
              ...e,
              marked_not_relevant: markedSignals.has(`${e.master_account_id}\u0000${e.hit_id}`),
            })),
            top_tier_hits: r.top_tier_hits,
            marked_not_relevant: notRelevant,
            precision: r.top_tier_hits === 0 ? null : (r.top_tier_hits - notRelevant) / r.top_tier_hits,
          };
        }),
      };
    },

    async mark(ctx: RequestContext, masterAccountId: string, hitId: string): Promise<ValueMatchMark> {
      // Marked already (and maybe gone from the match since): nothing changes.
      if ((await tuning.markedHits(ctx, masterAccountId)).has(hitId) && (await matches.findOne(ctx, masterAccountId)))
        return { master_account_id: masterAccountId, hit_id: hitId, not_relevant: true };
      const hit = await evidence(ctx, masterAccountId, hitId);
      const triggerIds = [...new Set(hit.triggers.map((t) => t.trigger_id))];
      await tuning.mark(ctx, masterAccountId, hitId, triggerIds, clock().toISOString());
      await recompute(ctx.tenantId);
      return { master_account_id: masterAccountId, hit_id: hitId, not_relevant: true };
    },

    /** Undoes a mark; undoing one that is not there changes nothing. */
    async unmark(ctx: RequestContext, masterAccountId: string, hitId: string): Promise<ValueMatchMark> {
      const row = await matches.findOne(ctx, masterAccountId);
      if (!row) throw notFound('Value match not found');
      await tuning.unmark(ctx, masterAccountId, hitId);
      await recompute(ctx.tenantId);
      return { master_account_id: masterAccountId, hit_id: hitId, not_relevant: false };
    },
  };
}

export type TuningService = ReturnType<typeof createTuningService>;
