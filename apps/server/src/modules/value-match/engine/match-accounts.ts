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
 *    event trigger in a news article — where it must stand is a weight: tier1LeadChars characters
 *    or tier1LeadSentences sentences (sentence-index.ts), anywhere by default since issue 19's
 *    leave-one-profile-out evaluation — and a score ≥ tier1Score. A concept or a product names
 *    the domain; an event says something happened; a profile that marks no trigger as an event
 *    lets its other triggers play it. A job posting is not an event in itself: its role name,
 *    the company's name and its duty sentences ("The role watches for intrusions", "You will
 *    manage suppliers") name the job and its domain, so no event is read there and no trigger
 *    found there can stand as the event; what the company tells of itself in the posting ("We
 *    are opening a new distribution centre") is read like news (posting-duties.ts). A posting
 *    of duties alone is at most tier_2. With tier1DistinctTriggers > 0, that many distinct triggers, one an event
 *    anywhere, are a second way in. When a news hit carries `account_names`, the event must be the
 *    account's (tier1AboutAccount): found in a sentence that names the account, or that says "it"
 *    or "the company" right after one that does, or in a headline that names it
 *    (account-mention.ts); another company's event in the same article does not count. General triggers (tied to no hypothesis when others are),
 *    triggers found only by proximity and job-title triggers add weight but do not count: a job
 *    title, or a posting for a target title, says whom to reach, never on its own that the
 *    problem is there. With tier1Corroborated, an event found only by a one-word phrase
 *    ("close", "fine") counts only beside another trigger phrase or a requirement clause in its
 *    sentence or the one before or after (corroboration.ts). tier_2 needs a score ≥ tier2Score.
 *    Both thresholds read the hit's score as if it were the run's only hit (idf and average length
 *    of one hit), so a hit's tier does not depend on the other hits of the run; the run's own
 *    statistics order hits and accounts. The account takes its best hypothesis.
 * 4. Qualification signals (clauses split at commas, colons, semicolons and "or", the words before
 *    a colon a heading and no clause ("Software or online business: software developer"); a clause is met
 *    when all its words stand within two extra words of each other in one hit): good raises the
 *    score and lifts none to tier_2 when some trigger was seen (tier_2 to tier_1 only with
 *    goodSignalIntoTier1: a good signal says the account is the kind the seller wins, not that
 *    the problem is there), bad demotes one step and halves the score, an
 *    unmet requirement caps at tier_2, and makes hiring for a target title alone (no trigger other
 *    than a job title in any hit) Activity Found. Good and bad count only in recent news hits; a
 *    requirement may be met by any hit, a job posting too. Good never lifts an account into tier_1
 *    when no hit holds a trigger other than a job title. `held_back` names why the evidence's tier
 *    was lowered: 'requirement_unmet', 'bad_signal', 'hiring_only'.
 */
import { type AccountMatch, type MatchHit, TIER_RANK, type ValueMatchInput } from '@quarry/shared';
import { byId } from './by-id.ts';
import { collectHitFacts } from './collect-hit-facts.ts';
import { compilePreferences } from './compile-preferences.ts';
import type { CompiledPreferences } from './compiled-preferences.ts';
import type { HitFacts } from './hit-facts.ts';
import { matchAccount } from './match-account.ts';
import { MATCH_WEIGHTS, type MatchWeights } from './match-weights.ts';
import { scoreHit } from './score-hit.ts';
import type { ScoredHit } from './scored-hit.ts';
import { buildScoringContext } from './scoring-context.ts';

export type MatchOptions = {
  /** The moment recency is measured from; the engine reads no clock of its own. */
  now: Date | string | number;
  recencyHalfLifeDays?: number;
  /** Overrides some scoring weights: for the cross-validation script, never for a tenant. */
  weights?: Partial<MatchWeights>;
  /** For the evaluation only: handed each hit's tier1 model features (tier1-model.ts). */
  onTier1Features?: (hitId: string, features: Float64Array) => void;
};

function toMs(now: MatchOptions['now']): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new RangeError(`matchAccounts: now is not a date (${String(now)})`);
  return ms;
}

/** Ranks accounts by how well their hits fit the tenant's value hypotheses. */
export function matchAccounts(input: ValueMatchInput, options: MatchOptions): AccountMatch[] {
  return matchCompiled(compilePreferences(input), input.hits, options);
}

/**
 * `matchAccounts` with the preferences compiled once by the caller: for the evaluation scripts,
 * which weigh thousands of hits one at a time against the same profile.
 */
export function matchCompiled(
  preferences: CompiledPreferences,
  inputHits: readonly MatchHit[],
  options: MatchOptions,
): AccountMatch[] {
  const w: MatchWeights = options.weights ? { ...MATCH_WEIGHTS, ...options.weights } : MATCH_WEIGHTS;
  const hits = [...inputHits].sort((a, b) => byId(a.id, b.id));
  return matchFacts(
    preferences,
    hits.map((hit) => collectHitFacts(hit, preferences, w)),
    options,
  );
}

/**
 * The scoring half of `matchAccounts`, on hits already read (in id order) with the same weights:
 * the evaluation scripts read a hit once and score it under many thresholds.
 */
export function matchFacts(preferences: CompiledPreferences, facts: HitFacts[], options: MatchOptions): AccountMatch[] {
  const w: MatchWeights = options.weights ? { ...MATCH_WEIGHTS, ...options.weights } : MATCH_WEIGHTS;
  const nowMs = toMs(options.now);
  const halfLife = options.recencyHalfLifeDays ?? w.recencyHalfLifeDays;
  const ctx = buildScoringContext(preferences, facts, w, nowMs, halfLife);
  ctx.onTier1Features = options.onTier1Features ?? null;

  const byAccount = new Map<string, ScoredHit[]>();
  for (let row = 0; row < facts.length; row++) {
    const f = facts[row] as (typeof facts)[number];
    const scored = scoreHit(ctx, f, row);
    const list = byAccount.get(f.hit.account_id);
    if (list) list.push(scored);
    else byAccount.set(f.hit.account_id, [scored]);
  }

  const results: AccountMatch[] = [];
  for (const [accountId, scored] of byAccount) results.push(matchAccount(ctx, accountId, scored));
  return results.sort(
    (a, b) =>
      TIER_RANK[b.tier] - TIER_RANK[a.tier] ||
      b.score - a.score ||
      byId(b.latest_hit_at ?? '', a.latest_hit_at ?? '') ||
      byId(a.account_id, b.account_id),
  );
}
