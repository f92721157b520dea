import { bm25TermFrequency } from './bm25-term-frequency.ts';
import { isHedgedHeadline } from './hedged-headline.ts';
import type { HitFacts } from './hit-facts.ts';
import type { MatchWeights } from './match-weights.ts';
import { specificity } from './phrase-commonness.ts';
import { recencyWeight } from './recency-weight.ts';
import type { ScoredHit } from './scored-hit.ts';
import type { ScoringContext } from './scoring-context.ts';
import { sentenceIndexAt } from './sentence-index.ts';
import { TIER1_FEATURES, tier1Features, tier1Probability } from './tier1-model.ts';

/**
 * Scratch space per hypothesis, reused hit after hit (the engine is synchronous): a hundred
 * thousand hits would otherwise allocate half a million small arrays.
 */
let triggerScores = new Float64Array(0);
let triggerCounts = new Int32Array(0);
let specificCounts = new Int32Array(0);
let specificInTitle = new Int32Array(0);
let specificEvents = new Int32Array(0);
let eventsAnywhere = new Int32Array(0);
let topic = new Float64Array(0);
let aloneTriggerScores = new Float64Array(0);
let aloneTopic = new Float64Array(0);
let aloneSeen = new Int32Array(0);
/** By hypothesis: the hit's tier score before recency (a tier1 model feature). */
let strengthOf = new Float64Array(0);
const features = new Float64Array(TIER1_FEATURES.length);

function resetScratch(hypothesisCount: number): void {
  if (triggerScores.length !== hypothesisCount) {
    triggerScores = new Float64Array(hypothesisCount);
    triggerCounts = new Int32Array(hypothesisCount);
    specificCounts = new Int32Array(hypothesisCount);
    specificInTitle = new Int32Array(hypothesisCount);
    specificEvents = new Int32Array(hypothesisCount);
    eventsAnywhere = new Int32Array(hypothesisCount);
    topic = new Float64Array(hypothesisCount);
    aloneTriggerScores = new Float64Array(hypothesisCount);
    aloneTopic = new Float64Array(hypothesisCount);
    aloneSeen = new Int32Array(hypothesisCount);
    strengthOf = new Float64Array(hypothesisCount);
    return;
  }
  triggerScores.fill(0);
  triggerCounts.fill(0);
  specificCounts.fill(0);
  specificInTitle.fill(0);
  specificEvents.fill(0);
  eventsAnywhere.fill(0);
  topic.fill(0);
  aloneTriggerScores.fill(0);
  aloneTopic.fill(0);
  aloneSeen.fill(0);
}

/** Whether a text offset stands in the lead: its first sentences, or characters (match-weights.ts). */
function inTheLead(text: string, offset: number, w: MatchWeights): boolean {
  if (!Number.isFinite(offset)) return false;
  if (w.tier1LeadSentences > 0) return sentenceIndexAt(text, offset) < w.tier1LeadSentences;
  return offset < w.tier1LeadChars;
}

/**
 * Weighs one hit (row `row` of the run) against every hypothesis: writes its score and tier
 * rank per hypothesis into the context's arrays and returns the hit with its best score. A hit
 * without any trigger or target title supports nothing and writes nothing (its row stays 0).
 */
export function scoreHit(ctx: ScoringContext, f: HitFacts, row: number): ScoredHit {
  const { w, hypothesisCount } = ctx;
  const { ageDays, weight: recency } = recencyWeight(f.publishedMs, ctx.nowMs, ctx.halfLife);
  let best = 0;
  const titleBonus = f.targetTitles.length > 0 ? w.targetTitleWeight : 0;
  if (f.triggers.length === 0 && titleBonus === 0) return { facts: f, ageDays, recency, best, row };

  resetScratch(hypothesisCount);
  const averageLength = ctx.averageLength;
  const { alone } = ctx;
  for (const t of f.triggers) {
    const trigger = t.compiled.trigger;
    const kindWeight = w.hitTypeWeight[trigger.hit_type] * (t.multiWord ? w.multiWordBoost : 1);
    const weight =
      (ctx.triggerIdf[t.index] as number) * bm25TermFrequency(t.tf, f.length, averageLength, w.k1, w.b) * kindWeight;
    // The tier's weight of a trigger is also its specificity in business news at large
    // (tier1SpecificShare): "oil prices" or "close" found says less than "plant closure".
    const aloneWeight =
      alone.seenIdf *
      bm25TermFrequency(t.tf, f.length, f.length, w.k1, w.b) *
      kindWeight *
      specificity(t.corpusShare, w.tier1SpecificShare);
    const counts = ctx.specific[t.index] === 1 && (w.tier1CountsProximity || t.kind !== 'proximity');
    const isEvent = counts && ctx.eventLike[t.index] === 1;
    // With tier1Corroborated, a one-word phrase counts for tier_1 only where corroborated.
    const places = w.tier1Corroborated ? t.corroborated : t;
    const textAt = w.tier1AboutAccount
      ? w.tier1AssertedOnly
        ? places.assertedAboutTextAt
        : places.aboutTextAt
      : w.tier1AssertedOnly
        ? places.assertedTextAt
        : places.firstTextAt;
    // A headline event is the account's when the headline names it.
    const titleEvent = places.inTitle && (!w.tier1AboutAccount || f.titleAboutAccount);
    const inLead = isEvent && (titleEvent || inTheLead(f.hit.text, textAt, w));
    for (const i of ctx.supportedBy[t.index] as number[]) {
      triggerScores[i] = (triggerScores[i] as number) + weight;
      aloneTriggerScores[i] = (aloneTriggerScores[i] as number) + aloneWeight;
      triggerCounts[i] = (triggerCounts[i] as number) + 1;
      if (counts) {
        specificCounts[i] = (specificCounts[i] as number) + 1;
        if (titleEvent) specificInTitle[i] = 1;
        if (inLead) specificEvents[i] = (specificEvents[i] as number) + 1;
        if (isEvent && (titleEvent || Number.isFinite(textAt))) eventsAnywhere[i] = (eventsAnywhere[i] as number) + 1;
      }
    }
  }
  for (let k = 0; k < f.terms.length; k++) {
    const term = f.terms[k] as string;
    const tf = f.termTf[k] as number;
    const share =
      ((ctx.termIdf.get(term) ?? 0) * bm25TermFrequency(tf, f.length, averageLength, w.k1, w.b)) / (w.k1 + 1);
    const aloneShare = (alone.seenIdf * bm25TermFrequency(tf, f.length, f.length, w.k1, w.b)) / (w.k1 + 1);
    const hypotheses = ctx.hypothesesOfTerm.get(term);
    if (hypotheses) {
      for (const i of hypotheses) {
        topic[i] = (topic[i] as number) + share;
        aloneTopic[i] = (aloneTopic[i] as number) + aloneShare;
        aloneSeen[i] = (aloneSeen[i] as number) + 1;
      }
    }
  }

  const headlineAlone = w.tier1HeadlineAlone && !isHedgedHeadline(f.hit.title);
  const base = row * hypothesisCount;
  for (let i = 0; i < hypothesisCount; i++) {
    if (triggerCounts[i] === 0 && titleBonus === 0) continue;
    const specific = specificCounts[i] as number;
    const mass = ctx.topicMass[i] as number;
    const coverage = mass > 0 ? (topic[i] as number) / mass : 0;
    const score = recency * ((triggerScores[i] as number) + w.topicWeight * coverage + titleBonus);
    // The tier is the hit's own: weighed as if it were the run's only hit (idf and average
    // length of one hit), so a hit's tier does not depend on which other hits came in the same
    // run — a file of 240 articles, a tenant's 100,000 — and is the tier the evaluation measures,
    // which reads each hit alone. The run's statistics still order hits and accounts (`score`).
    const seen = aloneSeen[i] as number;
    const aloneMass = seen * alone.seenIdf + ((alone.termCounts[i] as number) - seen) * alone.unseenIdf;
    const aloneCoverage = aloneMass > 0 ? (aloneTopic[i] as number) / aloneMass : 0;
    const strength = (aloneTriggerScores[i] as number) + w.topicWeight * aloneCoverage + titleBonus;
    const tierScore = recency * strength;
    strengthOf[i] = strength;
    // A job posting needs an event too: one the company tells outside the job's duties.
    const eventSeen = (specificEvents[i] as number) > 0 || (!w.tier1NeedsEvent && f.hit.type !== 'job_posting');
    // Several distinct signs of the problem in one article, one of them an event.
    const manySigns =
      w.tier1DistinctTriggers > 0 && specific >= w.tier1DistinctTriggers && (eventsAnywhere[i] as number) > 0;
    ctx.tierRanks[base + i] =
      (((specific >= w.tier1MinTriggers || (headlineAlone && specificInTitle[i] === 1)) && eventSeen) || manySigns) &&
      tierScore >= w.tier1Score
        ? 2
        : tierScore >= w.tier2Score
          ? 1
          : 0;
    ctx.scores[base + i] = score;
    best = Math.max(best, score);
  }
  // A would-be tier_1 whose events may need corroboration: read it now, and weigh the hit again.
  if (w.tier1Corroborated && f.corroborate) {
    for (let i = 0; i < hypothesisCount; i++) {
      if (ctx.tierRanks[base + i] !== 2) continue;
      const corroborate = f.corroborate;
      f.corroborate = null;
      corroborate();
      return scoreHit(ctx, f, row);
    }
  }
  if (w.tier1Model || ctx.onTier1Features) weighTier1(ctx, f, base);
  return { facts: f, ageDays, recency, best, row };
}

/**
 * The tier1 model's say (tier1-model.ts): a hypothesis the rules make a Value Match stays one when
 * the model weighs the hit's facts at or above its threshold, and is a Value Alignment otherwise.
 * The model only ever lowers: what the rules keep below Value Match (a hedged headline, an event
 * never asserted) stays there.
 */
function weighTier1(ctx: ScoringContext, f: HitFacts, base: number): void {
  const { w, hypothesisCount, tierRanks } = ctx;
  let ruledMatch = false;
  let strength = 0;
  for (let i = 0; i < hypothesisCount; i++) {
    if (tierRanks[base + i] !== 2) continue;
    ruledMatch = true;
    strength = Math.max(strength, strengthOf[i] as number);
  }
  if (!ruledMatch) return;
  tier1Features(f, ctx.eventLike, { strength }, features);
  ctx.onTier1Features?.(f.hit.id, features);
  const model = w.tier1Model;
  if (!model || tier1Probability(model, features) >= model.threshold) return;
  for (let i = 0; i < hypothesisCount; i++) if (tierRanks[base + i] === 2) tierRanks[base + i] = 1;
}
