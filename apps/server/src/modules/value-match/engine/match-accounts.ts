/**
 * The value-matching engine: a pure function from one tenant's value hypotheses, triggers,
 * qualification signals, target titles and hits to a tier per account, with its evidence.
 *
 *   matchAccounts(input: ValueMatchInput, { now }): AccountMatch[]
 *
 * Types and their Zod schemas live in packages/shared/src/schemas/value-match.ts; parse an
 * untrusted body with `valueMatchInputSchema` first. The answer is sorted by tier, score, latest
 * hit and account id, and is the same for the same input and `now` whatever the input's order.
 *
 * How a tier is earned (numbers in match-weights.ts):
 * 1. Each hit is read once: words are normalised and Porter-stemmed (the `stemmer` package);
 *    trigger phrases match in order ("phrase"; stop words and numbers between are skipped), as
 *    one word ("word"), or with their words close together ("proximity", half weight). User
 *    text is never made into a pattern. Headline mentions count twice.
 * 2. A hit's score for a hypothesis = recency × (Σ over its matched triggers of BM25 tf × idf ×
 *    hit-type weight + topic weight × coverage of the hypothesis's own words + target-title bonus).
 *    Triggers with `hypothesis_ids` support only those hypotheses. A hit without any trigger or
 *    target title supports nothing: it is Activity Found.
 * 3. tier_1 needs a hit with ≥ tier1MinTriggers distinct triggers tied to the hypothesis (or one
 *    in a headline that does not hedge with "may", "could", "talks" …), at least one of them an
 *    event trigger in a news article (a concept or a product names the domain; an event says
 *    something happened; a job posting is an event itself), and a score ≥ tier1Score. General
 *    triggers (tied to no hypothesis) and triggers found only by proximity add weight but do not
 *    count. tier_2 needs a score ≥ tier2Score.
 *    The account takes its best hypothesis.
 * 4. Qualification signals (clauses split at commas, colons, semicolons and "or"; a clause is met
 *    when all its words stand within two extra words of each other in one hit): good promotes one
 *    step (none only when some trigger was seen), bad demotes one step and halves the score, an
 *    unmet requirement caps at tier_2. Good and bad count only in recent hits; a requirement may
 *    be met by any hit.
 */
import {
  type AccountMatch,
  MATCH_TIER_LABELS,
  type MatchEvidenceHit,
  type MatchSpan,
  type MatchTier,
  type ValueMatchInput,
} from '@quarry/shared';
import { bm25Idf } from './bm25-idf.ts';
import { bm25TermFrequency } from './bm25-term-frequency.ts';
import { collectHitFacts } from './collect-hit-facts.ts';
import { compilePreferences } from './compile-preferences.ts';
import { isHedgedHeadline } from './hedged-headline.ts';
import type { HitFacts, SpanRange } from './hit-facts.ts';
import { MATCH_WEIGHTS, type MatchWeights } from './match-weights.ts';
import { recencyWeight } from './recency-weight.ts';
import { sortSmall } from './sort-small.ts';
import { writeWhyNow } from './why-now.ts';

export type MatchOptions = {
  /** The moment recency is measured from; the engine reads no clock of its own. */
  now: Date | string | number;
  recencyHalfLifeDays?: number;
  /** Overrides some scoring weights: for the cross-validation script, never for a tenant. */
  weights?: Partial<MatchWeights>;
};

const TIER_RANK: Record<MatchTier, number> = { tier_1: 2, tier_2: 1, none: 0 };
const NO_SCORE: HypothesisScore = { score: 0, tier: 'none', triggers: 0 };
const TIERS_BY_RANK: MatchTier[] = ['none', 'tier_2', 'tier_1'];

type HypothesisScore = { score: number; tier: MatchTier; triggers: number };
type ScoredHit = {
  facts: HitFacts;
  ageDays: number;
  recency: number;
  best: number;
  /** Per hypothesis (by index), only for hits that support something: a hit makes many. */
  byHypothesis: HypothesisScore[] | null;
};

const round = (x: number) => Math.round(x * 10_000) / 10_000;
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function toMs(now: MatchOptions['now']): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new RangeError(`matchAccounts: now is not a date (${String(now)})`);
  return ms;
}

function shift(tier: MatchTier, steps: number): MatchTier {
  return TIERS_BY_RANK[Math.max(0, Math.min(2, TIER_RANK[tier] + steps))] as MatchTier;
}

/** Ranks accounts by how well their hits fit the tenant's value hypotheses. */
export function matchAccounts(input: ValueMatchInput, options: MatchOptions): AccountMatch[] {
  const w: MatchWeights = options.weights ? { ...MATCH_WEIGHTS, ...options.weights } : MATCH_WEIGHTS;
  const nowMs = toMs(options.now);
  const halfLife = options.recencyHalfLifeDays ?? w.recencyHalfLifeDays;
  const preferences = compilePreferences(input);
  const hits = [...input.hits].sort((a, b) => byId(a.id, b.id));
  const facts = hits.map((hit) => collectHitFacts(hit, preferences));

  const triggerDf = new Map<string, number>();
  const termDf = new Map<string, number>();
  for (const f of facts) {
    for (const t of f.triggers) triggerDf.set(t.compiled.trigger.id, (triggerDf.get(t.compiled.trigger.id) ?? 0) + 1);
    for (const term of f.termTf.keys()) termDf.set(term, (termDf.get(term) ?? 0) + 1);
  }
  const idf = (df: number) => bm25Idf(df, facts.length, w.idfPriorHits, w.idfMax);
  const triggerIdf = new Map([...triggerDf].map(([id, df]) => [id, idf(df)]));
  const termIdf = new Map([...termDf].map(([term, df]) => [term, idf(df)]));
  const averageLength = facts.reduce((sum, f) => sum + f.length, 0) / Math.max(1, facts.length);
  const tfOf = (tf: number, length: number) => bm25TermFrequency(tf, length, averageLength, w.k1, w.b);
  const hypothesisCount = preferences.hypotheses.length;
  // A hypothesis term unseen in every hit still counts in the mass it is measured against.
  const topicMass = preferences.hypotheses.map((h) =>
    h.terms.reduce((sum, term) => sum + (termIdf.get(term) ?? idf(0)), 0),
  );
  const hypothesesOfTerm = new Map<string, number[]>();
  preferences.hypotheses.forEach((h, i) => {
    for (const term of h.terms) {
      const list = hypothesesOfTerm.get(term);
      if (list) list.push(i);
      else hypothesesOfTerm.set(term, [i]);
    }
  });

  // Which hypotheses each trigger supports, as indices: all of them when it names none.
  const allHypotheses = preferences.hypotheses.map((_, i) => i);
  const supportedBy = new Map(
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

  // Scratch space per hypothesis, reused hit after hit: a hundred thousand hits would otherwise
  // allocate half a million small arrays.
  const triggerScores = new Float64Array(hypothesisCount);
  const triggerCounts = new Int32Array(hypothesisCount);
  const specificCounts = new Int32Array(hypothesisCount);
  const specificInTitle = new Int32Array(hypothesisCount);
  const specificEvents = new Int32Array(hypothesisCount);
  const topic = new Float64Array(hypothesisCount);

  const scoreHit = (f: HitFacts): ScoredHit => {
    const { ageDays, weight: recency } = recencyWeight(f.publishedMs, nowMs, halfLife);
    let byHypothesis: HypothesisScore[] | null = null;
    let best = 0;
    const titleBonus = f.targetTitles.length > 0 ? w.targetTitleWeight : 0;
    if (f.triggers.length === 0 && titleBonus === 0) return { facts: f, ageDays, recency, best, byHypothesis };

    triggerScores.fill(0);
    triggerCounts.fill(0);
    specificCounts.fill(0);
    specificInTitle.fill(0);
    specificEvents.fill(0);
    topic.fill(0);
    for (const t of f.triggers) {
      const trigger = t.compiled.trigger;
      const weight =
        (triggerIdf.get(trigger.id) ?? 0) *
        tfOf(t.tf, f.length) *
        w.hitTypeWeight[trigger.hit_type] *
        (t.multiWord ? w.multiWordBoost : 1);
      for (const i of supportedBy.get(trigger.id) ?? []) {
        triggerScores[i] = (triggerScores[i] ?? 0) + weight;
        triggerCounts[i] = (triggerCounts[i] ?? 0) + 1;
        if ((trigger.hypothesis_ids.length > 0 || !anyTriggerLinked) && t.kind !== 'proximity') {
          specificCounts[i] = (specificCounts[i] ?? 0) + 1;
          if (t.inTitle) specificInTitle[i] = 1;
          if (trigger.hit_type === 'event') specificEvents[i] = (specificEvents[i] ?? 0) + 1;
        }
      }
    }
    for (const [term, tf] of f.termTf) {
      const share = ((termIdf.get(term) ?? 0) * tfOf(tf, f.length)) / (w.k1 + 1);
      for (const i of hypothesesOfTerm.get(term) ?? []) topic[i] = (topic[i] ?? 0) + share;
    }

    const headlineAlone = w.tier1HeadlineAlone && !isHedgedHeadline(f.hit.title);
    for (let i = 0; i < hypothesisCount; i++) {
      const triggers = triggerCounts[i] ?? 0;
      const specific = specificCounts[i] ?? 0;
      if (triggers === 0 && titleBonus === 0) continue;
      const mass = topicMass[i] ?? 0;
      const coverage = mass > 0 ? (topic[i] ?? 0) / mass : 0;
      const score = recency * ((triggerScores[i] ?? 0) + w.topicWeight * coverage + titleBonus);
      // A job posting is itself the event: the company is hiring for the role now.
      const eventSeen = !w.tier1NeedsEvent || (specificEvents[i] ?? 0) > 0 || f.hit.type === 'job_posting';
      const tier: MatchTier =
        (specific >= w.tier1MinTriggers || (headlineAlone && specificInTitle[i] === 1)) &&
        eventSeen &&
        score >= w.tier1Score
          ? 'tier_1'
          : score >= w.tier2Score
            ? 'tier_2'
            : 'none';
      byHypothesis ??= new Array<HypothesisScore>(hypothesisCount).fill(NO_SCORE);
      byHypothesis[i] = { score, tier, triggers };
      best = Math.max(best, score);
    }
    return { facts: f, ageDays, recency, best, byHypothesis };
  };

  const byAccount = new Map<string, ScoredHit[]>();
  for (const f of facts) {
    const scored = scoreHit(f);
    const list = byAccount.get(f.hit.account_id);
    if (list) list.push(scored);
    else byAccount.set(f.hit.account_id, [scored]);
  }

  const results = [...byAccount.entries()].map(([accountId, scored]) => matchAccount(accountId, scored));
  return results.sort(
    (a, b) =>
      TIER_RANK[b.tier] - TIER_RANK[a.tier] ||
      b.score - a.score ||
      byId(b.latest_hit_at ?? '', a.latest_hit_at ?? '') ||
      byId(a.account_id, b.account_id),
  );

  function matchAccount(accountId: string, scored: ScoredHit[]): AccountMatch {
    const newestFirst = [...scored].sort(
      (a, b) => b.facts.publishedMs - a.facts.publishedMs || byId(a.facts.hit.id, b.facts.hit.id),
    );
    const strongestFirst = scored
      .filter((s) => s.best > 0)
      .sort(
        (a, b) => b.best - a.best || b.facts.publishedMs - a.facts.publishedMs || byId(a.facts.hit.id, b.facts.hit.id),
      );

    // Qualification signals: which hits meet each one.
    const signalHits = (recentOnly: boolean, id: string) =>
      newestFirst
        .filter((s) => (!recentOnly || s.recency >= w.qualificationMinRecency) && s.facts.signals.has(id))
        .map((s) => s.facts.hit.id);
    const qualification: AccountMatch['qualification'] = {
      good: [],
      bad: [],
      requirements_met: [],
      requirements_unmet: [],
    };
    for (const { signal } of preferences.signals) {
      const hitIds = signalHits(signal.type !== 'requirement', signal.id);
      const entry = { qualification_signal_id: signal.id, type: signal.type, text: signal.text, hit_ids: hitIds };
      if (signal.type === 'requirement')
        (hitIds.length > 0 ? qualification.requirements_met : qualification.requirements_unmet).push(entry);
      else if (hitIds.length > 0) qualification[signal.type].push(entry);
    }
    const sawTrigger = scored.some((s) => s.facts.triggers.length > 0);
    const adjust = (tier: MatchTier, score: number): { tier: MatchTier; score: number } => {
      let t = tier;
      let s = score * (1 + w.goodSignalBoost * qualification.good.length);
      if (qualification.good.length > 0 && (t !== 'none' || sawTrigger)) t = shift(t, 1);
      if (qualification.bad.length > 0) {
        t = shift(t, -1);
        s *= w.badSignalFactor;
      }
      if (qualification.requirements_unmet.length > 0 && t === 'tier_1') t = 'tier_2';
      return { tier: t, score: s };
    };

    // Each hypothesis: its best hit, plus a share of the next ones.
    const perHypothesis: { s: ScoredHit; hs: HypothesisScore }[][] = preferences.hypotheses.map(() => []);
    for (const s of strongestFirst) {
      s.byHypothesis?.forEach((hs, i) => {
        if (hs.score > 0) perHypothesis[i]?.push({ s, hs });
      });
    }
    const scoredHypotheses = preferences.hypotheses
      .map((h, i) => {
        const list = perHypothesis[i] ?? [];
        if (list.length === 0) return null;
        sortSmall(list, (a, b) => TIER_RANK[b.hs.tier] - TIER_RANK[a.hs.tier] || b.hs.score - a.hs.score);
        const top = (list[0] as { hs: HypothesisScore }).hs;
        const support = list.slice(1, 1 + w.supportHits).reduce((sum, x) => sum + x.hs.score, 0);
        return {
          h,
          evidenceTier: top.tier,
          evidenceScore: top.score + w.supportShare * support,
          supporting: list.map((x) => x.s),
        };
      })
      .filter((x) => x !== null);
    const hypotheses = sortSmall(
      scoredHypotheses,
      (a, b) =>
        TIER_RANK[b.evidenceTier] - TIER_RANK[a.evidenceTier] ||
        b.evidenceScore - a.evidenceScore ||
        byId(a.h.hypothesis.id, b.h.hypothesis.id),
    );

    const lead = hypotheses[0];
    const evidenceTier: MatchTier = lead?.evidenceTier ?? 'none';
    const final = adjust(evidenceTier, lead?.evidenceScore ?? 0);

    const signalHitIds = new Set([...qualification.good, ...qualification.bad].flatMap((q) => q.hit_ids));
    const shown =
      strongestFirst.length > 0 ? strongestFirst.slice(0, w.maxEvidenceHits) : newestFirst.slice(0, w.maxActivityHits);
    for (const s of newestFirst) if (signalHitIds.has(s.facts.hit.id) && !shown.includes(s)) shown.push(s);

    const topHit = lead?.supporting[0] ?? newestFirst[0];
    const leadTriggers = topHit?.facts.triggers.filter((t) => {
      const linked = t.compiled.trigger.hypothesis_ids;
      return !lead || linked.length === 0 || linked.includes(lead.h.hypothesis.id);
    });

    return {
      account_id: accountId,
      tier: final.tier,
      tier_label: MATCH_TIER_LABELS[final.tier],
      score: round(final.score),
      evidence_tier: evidenceTier,
      hypotheses: hypotheses.slice(0, w.maxHypotheses).map((x) => {
        const adjusted = adjust(x.evidenceTier, x.evidenceScore);
        return {
          hypothesis_id: x.h.hypothesis.id,
          name: x.h.hypothesis.name,
          tier: adjusted.tier,
          score: round(adjusted.score),
          hit_ids: x.supporting.slice(0, w.maxEvidenceHits).map((s) => s.facts.hit.id),
        };
      }),
      hits: shown.map((s) => evidenceHit(s)),
      qualification,
      latest_hit_at: newestFirst[0]?.facts.hit.published_at ?? null,
      why_now: writeWhyNow({
        tier: final.tier,
        evidenceTier: lead ? evidenceTier : 'none',
        hypothesisName: lead?.h.hypothesis.name ?? null,
        topHit: topHit
          ? {
              type: topHit.facts.hit.type,
              title: topHit.facts.hit.title,
              publishedAt: topHit.facts.hit.published_at,
              ageDays: topHit.ageDays,
            }
          : null,
        phrases: [...new Set(leadTriggers?.map((t) => t.phrase) ?? [])],
        triggerNames: [...new Set(leadTriggers?.map((t) => t.compiled.trigger.name) ?? [])],
        targetTitles: topHit?.facts.targetTitles.map((t) => t.title) ?? [],
        supportingHits: Math.max(0, (lead?.supporting.length ?? 0) - 1),
        activityHits: scored.length,
        good: qualification.good.map((q) => q.text),
        bad: qualification.bad.map((q) => q.text),
        unmetRequirements: qualification.requirements_unmet.map((q) => q.text),
      }),
    };
  }

  /** The hypotheses a hit supports, strongest first. */
  function hypothesisIdsOf(s: ScoredHit): string[] {
    const supported: { id: string; score: number }[] = [];
    s.byHypothesis?.forEach((hs, i) => {
      if (hs.score > 0) supported.push({ id: preferences.hypotheses[i]?.hypothesis.id as string, score: hs.score });
    });
    return sortSmall(supported, (a, b) => b.score - a.score || byId(a.id, b.id))
      .slice(0, w.maxHypotheses)
      .map((x) => x.id);
  }

  function evidenceHit(s: ScoredHit): MatchEvidenceHit {
    const f = s.facts;
    const ranges: SpanRange[] = [];
    for (const t of f.triggers) for (const range of t.spans) ranges.push(range);
    for (const t of f.targetTitles) for (const range of t.spans) ranges.push(range);
    for (const signalSpans of f.signals.values()) for (const range of signalSpans) ranges.push(range);
    const spans: MatchSpan[] = sortSmall(
      ranges,
      (a, b) => byId(b.field, a.field) || a.start - b.start || a.end - b.end || byId(a.source_id, b.source_id),
    )
      .slice(0, w.maxSpansPerHit)
      .map((range) => ({
        field: range.field,
        start: range.start,
        end: range.end,
        source: range.source,
        source_id: range.source_id,
        text: (range.field === 'title' ? f.hit.title : f.hit.text).slice(range.start, range.end),
      }));
    return {
      hit_id: f.hit.id,
      type: f.hit.type,
      title: f.hit.title,
      url: f.hit.url ?? null,
      published_at: f.hit.published_at,
      age_days: round(s.ageDays),
      recency: round(s.recency),
      score: round(s.best),
      hypothesis_ids: hypothesisIdsOf(s),
      triggers: f.triggers.map((t) => ({
        trigger_id: t.compiled.trigger.id,
        name: t.compiled.trigger.name,
        hit_type: t.compiled.trigger.hit_type,
        phrase: t.phrase,
        kind: t.kind,
        count: t.count,
        weight: round(tfOf(t.tf, f.length)),
      })),
      target_titles: f.targetTitles.map((t) => t.title),
      qualification_signal_ids: [...f.signals.keys()],
      spans,
    };
  }
}
