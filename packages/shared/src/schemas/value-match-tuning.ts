import { z } from 'zod';

/** A sentence a trigger matched, with the matched words' offsets inside it (UTF-16, end exclusive). */
export const triggerExampleSchema = z.object({
  hit_id: z.string(),
  master_account_id: z.string(),
  account_name: z.string(),
  sentence: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  /** The sentence was longer than shown: it goes on before or after (the page shows "…"). */
  cut_start: z.boolean().optional(),
  cut_end: z.boolean().optional(),
  /** When the signal was published: an admin weighs a sentence of 2008 differently from last week's. */
  published_at: z.string().optional(),
  /** Whether someone of the tenant marked this signal not relevant (from /valueMatch). */
  marked_not_relevant: z.boolean().optional(),
  /** The tier of the account it was found at: at an Activity Found account it moved nothing. */
  tier: z.enum(['tier_1', 'tier_2', 'none']).optional(),
  /**
   * False for one of a Value Match or Value Alignment account's other signals: another signal ranks
   * the account (the precision counts these too, and the admin finds them among its signals).
   */
  leads: z.boolean().optional(),
});
export type TriggerExample = z.output<typeof triggerExampleSchema>;

/** What one trigger currently does for the tenant, and the tenant's own precision for it. */
export const triggerStatsSchema = z.object({
  trigger_id: z.string(),
  accounts: z.object({
    tier_1: z.number().int(),
    tier_2: z.number().int(),
    none: z.number().int(),
    /** Value Match and Value Alignment accounts where it is found in a signal that does not rank them. */
    ranked_by_others: z.number().int(),
  }),
  examples: z.array(triggerExampleSchema),
  /** Evidence of Value Match and Value Alignment accounts the trigger matched. */
  top_tier_hits: z.number().int(),
  /** Of those, how many the tenant's users marked "not relevant". */
  marked_not_relevant: z.number().int(),
  /** Share of top_tier_hits not marked; null when the trigger has none. */
  precision: z.number().nullable(),
});
export type TriggerStats = z.output<typeof triggerStatsSchema>;

export const triggerStatsListSchema = z.object({
  triggers: z.array(triggerStatsSchema),
  computed_at: z.string().nullable(),
});
export type TriggerStatsList = z.output<typeof triggerStatsListSchema>;

/** POST /api/value-matches/:masterAccountId/marks: the evidence a user says is not relevant. */
export const markNotRelevantBodySchema = z.object({ hit_id: z.string().trim().min(1).max(200) });

export const valueMatchMarkSchema = z.object({
  master_account_id: z.string(),
  hit_id: z.string(),
  not_relevant: z.boolean(),
});
export type ValueMatchMark = z.output<typeof valueMatchMarkSchema>;
