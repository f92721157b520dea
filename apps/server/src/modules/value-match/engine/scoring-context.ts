import { bm25Idf } from './bm25-idf.ts';
import type { CompiledPreferences } from './compiled-preferences.ts';
import type { HitFacts } from './hit-facts.ts';
import type { MatchWeights } from './match-weights.ts';

/**
 * Everything a run weighs hits with, worked out once from the tenant's preferences and the
 * statistics of all its hits (idf, average length), and the arrays the hits' scores go into.
 * Per-trigger facts are arrays by the trigger's index, so scoring a hit does no Map look-up.
 */
export type ScoringContext = {
  w: MatchWeights;
  nowMs: number;
  halfLife: number;
  preferences: CompiledPreferences;
  hypothesisCount: number;
  hitCount: number;
  averageLength: number;
  /** By trigger index: its idf (triggers sharing an id share their document frequency). */
  triggerIdf: Float64Array;
  /** By trigger index: the hypotheses (indices) it supports, all of them when it names none. */
  supportedBy: number[][];
  /** By trigger index: 1 when it counts towards tier_1's distinct triggers. */
  specific: Uint8Array;
  /** By trigger index: 1 when it says something happened (an event; see `buildScoringContext`). */
  eventLike: Uint8Array;
  termIdf: Map<string, number>;
  /** By hypothesis: the idf mass of its terms, unseen ones included. */
  topicMass: Float64Array;
  hypothesesOfTerm: Map<string, number[]>;
  /**
   * What a hit weighs with when it is read alone (`scoreHit`'s tier score): the idf of a trigger
   * or term it holds, the idf of a hypothesis term it lacks, and each hypothesis's term count.
   */
  alone: { seenIdf: number; unseenIdf: number; termCounts: Int32Array };
  /** Hit row × hypothesis: its score, and its tier's rank (2 tier_1, 1 tier_2, 0 none). */
  scores: Float64Array;
  tierRanks: Uint8Array;
  /** For the evaluation only: handed each hit's tier1 model features (tier1-model.ts). */
  onTier1Features: ((hitId: string, features: Float64Array) => void) | null;
};

/** idf over the run's hits, with the weights' prior. */
export function idfOf(df: number, hitCount: number, w: MatchWeights): number {
  return bm25Idf(df, hitCount, w.idfPriorHits, w.idfMax);
}

/** Works out a run's idf, topic masses and per-trigger arrays from all its hits' facts. */
export function buildScoringContext(
  preferences: CompiledPreferences,
  facts: HitFacts[],
  w: MatchWeights,
  nowMs: number,
  halfLife: number,
): ScoringContext {
  const hitCount = facts.length;
  const triggerDf = new Map<string, number>();
  const termDf = new Map<string, number>();
  let lengthSum = 0;
  for (const f of facts) {
    for (const t of f.triggers) triggerDf.set(t.compiled.trigger.id, (triggerDf.get(t.compiled.trigger.id) ?? 0) + 1);
    for (const term of f.terms) termDf.set(term, (termDf.get(term) ?? 0) + 1);
    lengthSum += f.length;
  }
  const termIdf = new Map<string, number>();
  for (const [term, df] of termDf) termIdf.set(term, idfOf(df, hitCount, w));

  const hypothesisCount = preferences.hypotheses.length;
  // A hypothesis term unseen in every hit still counts in the mass it is measured against.
  const topicMass = new Float64Array(hypothesisCount);
  const hypothesesOfTerm = new Map<string, number[]>();
  preferences.hypotheses.forEach((h, i) => {
    let mass = 0;
    for (const term of h.terms) {
      mass += termIdf.get(term) ?? idfOf(0, hitCount, w);
      const list = hypothesesOfTerm.get(term);
      if (list) list.push(i);
      else hypothesesOfTerm.set(term, [i]);
    }
    topicMass[i] = mass;
  });

  // Which hypotheses each trigger supports (a later trigger with the same id wins, as in a Map).
  const allHypotheses = preferences.hypotheses.map((_, i) => i);
  const supportedById = new Map(
    preferences.triggers.map(({ trigger }) => [
      trigger.id,
      trigger.hypothesis_ids.length === 0
        ? allHypotheses
        : allHypotheses.filter((i) =>
            trigger.hypothesis_ids.includes(preferences.hypotheses[i]?.hypothesis.id as string),
          ),
    ]),
  );
  // A trigger tied to no hypothesis adds weight but is not evidence of a specific problem, so it
  // does not count towards tier_1's distinct triggers (unless no trigger names a hypothesis).
  const anyTriggerLinked = preferences.triggers.some(({ trigger }) => trigger.hypothesis_ids.length > 0);
  const triggerCount = preferences.triggers.length;
  const triggerIdf = new Float64Array(triggerCount);
  const supportedBy: number[][] = [];
  const specific = new Uint8Array(triggerCount);
  // A profile that marks no trigger as an event (a customer may file everything as a concept)
  // would otherwise never reach tier_1: then every trigger but a job title plays the event.
  const eventLike = new Uint8Array(triggerCount);
  const anyEvent = preferences.triggers.some(({ trigger }) => trigger.hit_type === 'event');
  preferences.triggers.forEach(({ trigger }, t) => {
    eventLike[t] = trigger.hit_type === 'event' || (!anyEvent && trigger.hit_type !== 'title') ? 1 : 0;
    const df = triggerDf.get(trigger.id);
    triggerIdf[t] = df === undefined ? 0 : idfOf(df, hitCount, w);
    supportedBy.push(supportedById.get(trigger.id) ?? []);
    // A job title names whom to reach, not the problem: it never counts toward tier_1.
    specific[t] = trigger.hit_type !== 'title' && (trigger.hypothesis_ids.length > 0 || !anyTriggerLinked) ? 1 : 0;
  });

  return {
    w,
    nowMs,
    halfLife,
    preferences,
    hypothesisCount,
    hitCount,
    averageLength: lengthSum / Math.max(1, hitCount),
    triggerIdf,
    supportedBy,
    specific,
    eventLike,
    termIdf,
    topicMass,
    alone: {
      seenIdf: idfOf(1, 1, w),
      unseenIdf: idfOf(0, 1, w),
      termCounts: Int32Array.from(preferences.hypotheses, (h) => h.terms.length),
    },
    hypothesesOfTerm,
    scores: new Float64Array(hitCount * hypothesisCount),
    tierRanks: new Uint8Array(hitCount * hypothesisCount),
    onTier1Features: null,
  };
}
