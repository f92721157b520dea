import {
  type AccountMatch,
  type HeldBackReason,
  MATCH_TIER_LABELS,
  type MatchTier,
  TIER_RANK,
  type WhyNowFacts,
} from '@quarry/shared';
import { byId } from './by-id.ts';
import type { CompiledHypothesis } from './compiled-preferences.ts';
import { evidenceHit } from './evidence-hit.ts';
import { roundScore } from './round-score.ts';
import type { ScoredHit } from './scored-hit.ts';
import type { ScoringContext } from './scoring-context.ts';
import { sentenceAround } from './sentence-index.ts';
import { sortSmall } from './sort-small.ts';
import { writeWhyNow } from './why-now.ts';

const TIERS_BY_RANK: MatchTier[] = ['none', 'tier_2', 'tier_1'];

/** One hit's score for one hypothesis. */
type HypothesisHit = { s: ScoredHit; score: number; rank: number };
type ScoredHypothesis = {
  h: CompiledHypothesis;
  evidenceTier: MatchTier;
  evidenceScore: number;
  supporting: ScoredHit[];
};

function shift(tier: MatchTier, steps: number): MatchTier {
  return TIERS_BY_RANK[Math.max(0, Math.min(2, TIER_RANK[tier] + steps))] as MatchTier;
}

/** Each hypothesis an account's hits support: its best hit plus a share of the next ones, strongest first. */
function scoreHypotheses(ctx: ScoringContext, strongestFirst: ScoredHit[]): ScoredHypothesis[] {
  const { w, hypothesisCount, scores, tierRanks } = ctx;
  const perHypothesis: HypothesisHit[][] = [];
  for (let i = 0; i < hypothesisCount; i++) perHypothesis.push([]);
  for (const s of strongestFirst) {
    const base = s.row * hypothesisCount;
    for (let i = 0; i < hypothesisCount; i++) {
      const score = scores[base + i] as number;
      if (score > 0) (perHypothesis[i] as HypothesisHit[]).push({ s, score, rank: tierRanks[base + i] as number });
    }
  }
  const scored: ScoredHypothesis[] = [];
  ctx.preferences.hypotheses.forEach((h, i) => {
    const list = perHypothesis[i] as HypothesisHit[];
    if (list.length === 0) return;
    sortSmall(list, (a, b) => b.rank - a.rank || b.score - a.score);
    const top = list[0] as HypothesisHit;
    const support = list.slice(1, 1 + w.supportHits).reduce((sum, x) => sum + x.score, 0);
    scored.push({
      h,
      evidenceTier: TIERS_BY_RANK[top.rank] as MatchTier,
      evidenceScore: top.score + w.supportShare * support,
      supporting: list.map((x) => x.s),
    });
  });
  return sortSmall(
    scored,
    (a, b) =>
      TIER_RANK[b.evidenceTier] - TIER_RANK[a.evidenceTier] ||
      b.evidenceScore - a.evidenceScore ||
      byId(a.h.hypothesis.id, b.h.hypothesis.id),
  );
}

/** The most a why-now quotes of a posting's own sentence. */
const SAID_MAX_CHARS = 200;

/**
 * What a job posting says the company is going through: the sentence of its first asserted
 * event among the lead hypothesis's triggers (never a duty: those place no event), without its
 * closing stop, so a rep can quote it. Null when the posting tells of none.
 */
function postingSays(ctx: ScoringContext, top: ScoredHit, triggers: ScoredHit['facts']['triggers']): string | null {
  let at = Number.POSITIVE_INFINITY;
  for (const t of triggers) {
    if (ctx.specific[t.index] === 1 && ctx.eventLike[t.index] === 1) at = Math.min(at, t.assertedTextAt);
  }
  if (!Number.isFinite(at)) return null;
  const sentence = sentenceAround(top.facts.hit.text, at)
    .trim()
    .replace(/[.!?]+$/u, '');
  return sentence.length > SAID_MAX_CHARS ? `${sentence.slice(0, SAID_MAX_CHARS - 1).trimEnd()}…` : sentence;
}

/** One account's answer from its scored hits: tier, hypotheses, evidence, qualification and why now. */
export function matchAccount(ctx: ScoringContext, accountId: string, scored: ScoredHit[]): AccountMatch {
  const { w, preferences } = ctx;
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
  // Evidence of the problem: a trigger other than a job title. Hiring for a target title is a
  // reason to reach that person, never on its own a Value Match (not even with a good signal).
  const sawProblem = scored.some((s) => s.facts.triggers.some((t) => t.compiled.trigger.hit_type !== 'title'));
  // Evidence of the problem today: such a trigger in a hit recent enough to say something of now,
  // as good and bad signals are read. A 2008 story on fake Olympic-ticket sites ("sold out") says
  // nothing of Visa's supply today. (Only an event would be stricter: on the tuning half that lost
  // a tenth of the labelled alignments, 0.87 → 0.77 recall into tier_1+2.)
  const sawProblemNow = scored.some(
    (s) =>
      s.recency >= w.qualificationMinRecency && s.facts.triggers.some((t) => t.compiled.trigger.hit_type !== 'title'),
  );
  const adjust = (tier: MatchTier, score: number): { tier: MatchTier; score: number; heldBack: HeldBackReason[] } => {
    let t = tier;
    let s = score * (1 + w.goodSignalBoost * qualification.good.length);
    const heldBack: HeldBackReason[] = [];
    // Good lifts Activity Found (some trigger seen) to a Value Alignment, and an alignment to a
    // Value Match only when goodSignalIntoTier1 says so.
    if (qualification.good.length > 0 && (t === 'none' ? sawTrigger : w.goodSignalIntoTier1)) {
      t = shift(t, 1);
    }
    if (t === 'tier_1' && !sawProblem) {
      t = 'tier_2';
      heldBack.push('hiring_only');
    }
    if (qualification.bad.length > 0) {
      if (t === 'tier_1') heldBack.push('bad_signal');
      t = shift(t, -1);
      s *= w.badSignalFactor;
    }
    if (qualification.requirements_unmet.length > 0 && t === 'tier_1') {
      t = 'tier_2';
      heldBack.push('requirement_unmet');
    }
    // Hiring for a target title at a company not seen to meet a requirement, with no evidence of
    // the problem today: whom to reach, at a company the tenant may not sell to. Activity Found,
    // not an alignment: a walk found banks' "Director of Logistics" postings filling Value
    // Alignment for a seller to makers of goods.
    if (!sawProblemNow && qualification.requirements_unmet.length > 0 && t !== 'none') {
      t = 'none';
      if (!heldBack.includes('requirement_unmet')) heldBack.push('requirement_unmet');
    }
    return { tier: t, score: s, heldBack };
  };

  const hypotheses = scoreHypotheses(ctx, strongestFirst);
  const lead = hypotheses[0];
  const evidenceTier: MatchTier = lead?.evidenceTier ?? 'none';
  const final = adjust(evidenceTier, lead?.evidenceScore ?? 0);

  const signalHitIds = new Set([...qualification.good, ...qualification.bad].flatMap((q) => q.hit_ids));
  const shown =
    strongestFirst.length > 0 ? strongestFirst.slice(0, w.maxEvidenceHits) : newestFirst.slice(0, w.maxActivityHits);
  for (const s of newestFirst) if (signalHitIds.has(s.facts.hit.id) && !shown.includes(s)) shown.push(s);

  // Activity Found heads with its latest hit when the strongest one is history: Morgan Stanley's
  // why-now once read "The news reported “Toyota recalls up to 1.8 million automobiles” 16 years
  // ago" above three postings of this autumn.
  const strongest = lead?.supporting[0];
  const topHit =
    strongest && (final.tier !== 'none' || strongest.recency >= w.qualificationMinRecency) ? strongest : newestFirst[0];
  // The card heads with the hit the why-now line describes, so the evidence must carry it.
  if (topHit && !shown.includes(topHit)) shown.push(topHit);
  const leadTriggers = topHit?.facts.triggers.filter((t) => {
    const linked = t.compiled.trigger.hypothesis_ids;
    return !lead || linked.length === 0 || linked.includes(lead.h.hypothesis.id);
  });

  const said = topHit?.facts.hit.type === 'job_posting' ? postingSays(ctx, topHit, leadTriggers ?? []) : null;
  const whyNowFacts: WhyNowFacts = {
    tier: final.tier,
    evidence_tier: lead ? evidenceTier : 'none',
    hypothesis_name: lead?.h.hypothesis.name ?? null,
    top_hit: topHit
      ? {
          type: topHit.facts.hit.type,
          title: topHit.facts.hit.title,
          published_at: topHit.facts.hit.published_at,
          age_days: roundScore(topHit.ageDays),
          ...(said ? { said } : {}),
        }
      : null,
    top_hit_is_latest: topHit === newestFirst[0],
    phrases: [...new Set(leadTriggers?.map((t) => t.phrase) ?? [])],
    trigger_names: [...new Set(leadTriggers?.map((t) => t.compiled.trigger.name) ?? [])],
    target_titles: topHit?.facts.targetTitles.map((t) => t.title) ?? [],
    supporting_hits: Math.max(0, (lead?.supporting.length ?? 0) - 1),
    activity_hits: scored.length,
    good: qualification.good.map((q) => q.text),
    bad: qualification.bad.map((q) => q.text),
    unmet_requirements: qualification.requirements_unmet.map((q) => q.text),
  };

  return {
    account_id: accountId,
    tier: final.tier,
    tier_label: MATCH_TIER_LABELS[final.tier],
    score: roundScore(final.score),
    evidence_tier: evidenceTier,
    hypotheses: hypotheses.slice(0, w.maxHypotheses).map((x) => {
      const adjusted = adjust(x.evidenceTier, x.evidenceScore);
      return {
        hypothesis_id: x.h.hypothesis.id,
        name: x.h.hypothesis.name,
        tier: adjusted.tier,
        score: roundScore(adjusted.score),
        hit_ids: x.supporting.slice(0, w.maxEvidenceHits).map((s) => s.facts.hit.id),
      };
    }),
    hits: shown.map((s) => evidenceHit(ctx, s)),
    qualification,
    latest_hit_at: newestFirst[0]?.facts.hit.published_at ?? null,
    top_hit_id: topHit?.facts.hit.id ?? null,
    held_back: final.heldBack,
    why_now: writeWhyNow(whyNowFacts),
    why_now_facts: whyNowFacts,
  };
}
