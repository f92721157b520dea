import { createHash } from 'node:crypto';
import { type AccountMatch, MATCH_TIER_LABELS, type MatchHit, type MatchTier, TIER_RANK } from '@quarry/shared';
import { writeWhyNow } from '../engine/why-now.ts';
import { type ModelReaderClient, READER_PROMPT_VERSION, type ReaderVerdict } from './reader-client.ts';

/** Where answers are kept between recomputes, per tenant, profile version and hit. */
export type ReaderCache = {
  find(tenantId: string, profileVersion: string, hitIds: string[]): Promise<Map<string, ReaderVerdict>>;
  save(tenantId: string, profileVersion: string, answers: Map<string, ReaderVerdict>, at: string): Promise<void>;
};

export type ReaderTrigger = { id: string; name: string; phrases: string[] };

/** What the seller looks for, as the reader's question says it (reader-client.ts). */
export type SellerContext = { situations: string[]; requirements: string[] };

/**
 * The seller's situations and requirements from its profile: each hypothesis by its name and
 * what it says a company in that situation shows (its observation, else its description or
 * problem), and the text of each requirement qualification signal.
 */
export function sellerContext(profile: {
  hypotheses: { name: string; observation?: string; description?: string; problem_or_goal?: string }[];
  qualification_signals: { type: string; text: string }[];
}): SellerContext {
  return {
    situations: profile.hypotheses.map((h) => {
      const shows = [h.observation, h.description, h.problem_or_goal].find((x) => x?.trim());
      return shows ? `${h.name}: ${shows.trim()}` : h.name;
    }),
    requirements: profile.qualification_signals.filter((s) => s.type === 'requirement').map((s) => s.text),
  };
}

export type ReaderReport = { candidates: number; asked: number; cached: number; demoted: number; unanswered: number };

/**
 * The profile version answers are cached under: what the question is made of (the hypotheses',
 * triggers' and qualification signals' texts) and the question's own version. Any edit to them
 * asks again.
 */
export function profileVersion(profile: { hypotheses: unknown[]; triggers: unknown[]; signals: unknown[] }): string {
  return createHash('sha256')
    .update(JSON.stringify([READER_PROMPT_VERSION, profile.hypotheses, profile.triggers, profile.signals]))
    .digest('hex')
    .slice(0, 32);
}

const LOWER: Record<MatchTier, MatchTier> = { tier_1: 'tier_2', tier_2: 'none', none: 'none' };

/**
 * One tier down, because the model read the article the account's lead signal comes from and
 * found it does not report the event: the facts and the why-now follow, and no hypothesis stays
 * above the account.
 */
export function demote(match: AccountMatch): void {
  const tier = LOWER[match.tier];
  match.tier = tier;
  match.tier_label = MATCH_TIER_LABELS[tier];
  if (TIER_RANK[match.evidence_tier] > TIER_RANK[tier]) match.evidence_tier = tier;
  for (const h of match.hypotheses) if (TIER_RANK[h.tier] > TIER_RANK[tier]) h.tier = tier;
  match.why_now_facts = {
    ...match.why_now_facts,
    tier,
    evidence_tier:
      TIER_RANK[match.why_now_facts.evidence_tier] > TIER_RANK[tier] ? tier : match.why_now_facts.evidence_tier,
  };
  match.why_now = writeWhyNow(match.why_now_facts);
}

/** A quote longer than this is cut at a word and ends in "…": a card quotes a sentence, not a page. */
const QUOTE_MAX = 280;

function clipQuote(quote: string): string {
  // The card closes the quote with its own full stop.
  const text = quote
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.。]+$/, '');
  if (text.length <= QUOTE_MAX) return text;
  const cut = text.slice(0, QUOTE_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > QUOTE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * The model confirmed the Value Match: the sentence it quoted from the article becomes the one
 * the card quotes ("The news reported … : “…”"), so a rep sees where the article says it.
 */
export function confirm(match: AccountMatch, quote: string): void {
  const hit = match.why_now_facts.top_hit;
  const said = clipQuote(quote);
  if (!hit || !said) return;
  match.why_now_facts = { ...match.why_now_facts, top_hit: { ...hit, said } };
  match.why_now = writeWhyNow(match.why_now_facts);
}

/** Runs `work` over `items`, at most `limit` at a time, starting none after `deadline`. */
async function pool<T>(
  items: T[],
  limit: number,
  deadline: number,
  now: () => number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const runner = async () => {
    while (next < items.length && now() < deadline) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

/**
 * Confirms the engine's Value Match accounts with the model: for each, the article its lead
 * signal comes from, if a trigger matched in it, is put to the model; a "no" lowers the account
 * to Value Alignment, a "yes" keeps it and quotes the sentence the model gave (`confirm`).
 * A Value Alignment is not asked about: it says the seller's domain is present, not that the
 * event happened, so a "no" would be no reason to drop it (measured on the held-out articles,
 * `npm run eval:model-reader`: lowering alignments too lost a sixth of the relevant articles
 * from tier_1 + tier_2 for no gain in precision). Cached answers are used first; a question not
 * answered (timeout, error, the budget spent) leaves the engine's tier as it is.
 */
export async function confirmCandidates(args: {
  tenantId: string;
  results: AccountMatch[];
  hits: readonly MatchHit[];
  triggers: ReaderTrigger[];
  /** What the seller looks for, put in every question. */
  seller?: SellerContext;
  accountNames: (ids: string[]) => Promise<Map<string, string>>;
  client: ModelReaderClient;
  cache: ReaderCache;
  version: string;
  at: string;
  concurrency?: number;
  budgetMs?: number;
  clock?: () => number;
}): Promise<ReaderReport> {
  const { tenantId, results, client, cache, version, concurrency = 4, budgetMs = 60_000, clock = Date.now } = args;
  const deadline = clock() + budgetMs;
  const triggerById = new Map(args.triggers.map((t) => [t.id, t]));
  // Each candidate with the hit to read and the triggers the engine found in it.
  const candidates: { match: AccountMatch; hitId: string; triggerIds: string[] }[] = [];
  for (const match of results) {
    if (match.tier !== 'tier_1') continue;
    const top = match.hits.find((h) => h.hit_id === match.top_hit_id);
    const triggerIds = [...new Set((top?.triggers ?? []).map((t) => t.trigger_id))].filter((id) => triggerById.has(id));
    if (top && triggerIds.length > 0) candidates.push({ match, hitId: top.hit_id, triggerIds });
  }
  const report: ReaderReport = { candidates: candidates.length, asked: 0, cached: 0, demoted: 0, unanswered: 0 };
  if (candidates.length === 0) return report;

  const wanted = new Set(candidates.map((c) => c.hitId));
  const cached = await cache.find(tenantId, version, [...wanted]);
  const toAsk = candidates.filter((c) => !cached.has(c.hitId));
  const fresh = new Map<string, ReaderVerdict>();
  if (toAsk.length > 0) {
    const needed = new Set(toAsk.map((c) => c.hitId));
    const hitById = new Map<string, MatchHit>();
    for (const hit of args.hits) if (needed.has(hit.id)) hitById.set(hit.id, hit);
    const names = await args.accountNames([...new Set(toAsk.map((c) => c.match.account_id))]);
    // One question per hit, whichever accounts share it.
    const questions = new Map<string, (typeof toAsk)[number]>();
    for (const c of toAsk) if (!questions.has(c.hitId)) questions.set(c.hitId, c);
    await pool([...questions.values()], concurrency, deadline, clock, async (c) => {
      const hit = hitById.get(c.hitId);
      if (!hit) return;
      report.asked++;
      const verdict = await client.ask({
        accountName: names.get(c.match.account_id) ?? c.match.account_id,
        events: c.triggerIds.map((id) => triggerById.get(id) as ReaderTrigger),
        situations: args.seller?.situations,
        requirements: args.seller?.requirements,
        title: hit.title,
        text: hit.text,
      });
      if (verdict) fresh.set(c.hitId, verdict);
    });
    if (fresh.size > 0) await cache.save(tenantId, version, fresh, args.at);
  }
  for (const c of candidates) {
    const verdict = cached.get(c.hitId) ?? fresh.get(c.hitId);
    if (!verdict) {
      report.unanswered++;
      continue;
    }
    if (cached.has(c.hitId)) report.cached++;
    if (verdict.verdict === 'no') {
      demote(c.match);
      report.demoted++;
    } else confirm(c.match, verdict.quote);
  }
  return report;
}
