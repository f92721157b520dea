import { type AccountMatch, type MatchHit, TIER_RANK, TRIGGER_HIT_TYPES } from '@quarry/shared';
import type { Insertable } from 'kysely';
import type { ValueMatchesTable } from '../../db/schema.ts';
import type { WithoutTenant } from '../../db/scoped.ts';
import type { ValuePreferencesRepository } from '../value-preferences/value-preferences.repository.ts';
import { matchAccounts } from './engine/match-accounts.ts';
import { feedRanks } from './feed-order.ts';
import {
  confirmCandidates,
  profileVersion,
  type ReaderCache,
  sellerContext,
} from './model-reader/confirm-candidates.ts';
import type { ModelReaderClient } from './model-reader/reader-client.ts';
import { plainWhyNow } from './plain-why-now.ts';
import { triggerStats } from './tuning/trigger-stats.ts';
import type { TuningRepository } from './tuning/tuning.repository.ts';
import type { ValueMatchesRepository } from './value-matches.repository.ts';

export const RECOMPUTE_VALUE_MATCHES = 'recompute_value_matches';

/**
 * The stored row for one account: the engine's answer plus the top hypothesis and hit, for the feed.
 * The top hit is the one the why-now is written from, so the card's headline and its "why now"
 * line describe the same signal; the why-now is the plain one a rep could say aloud.
 */
export function toValueMatchRow(
  match: AccountMatch,
  computedAt: string,
  industry: string | null = null,
  feedRank = 0,
): WithoutTenant<Insertable<ValueMatchesTable>> {
  const top = match.hypotheses[0];
  const topHit = match.hits.find((h) => h.hit_id === match.top_hit_id);
  return {
    master_account_id: match.account_id,
    tier: match.tier,
    tier_rank: TIER_RANK[match.tier],
    feed_rank: feedRank,
    score: match.score,
    industry,
    top_hypothesis_id: match.tier === 'none' ? null : (top?.hypothesis_id ?? null),
    top_hypothesis_name: match.tier === 'none' ? null : (top?.name ?? null),
    top_hit_id: topHit?.hit_id ?? null,
    top_hit_title: topHit?.title ?? null,
    top_hit_published_at: topHit?.published_at ?? null,
    latest_hit_at: match.latest_hit_at,
    why_now: plainWhyNow(match.why_now_facts),
    why_now_facts: JSON.stringify(match.why_now_facts),
    spans: JSON.stringify(topHit?.spans ?? []),
    result: JSON.stringify(match),
    computed_at: computedAt,
  };
}

type HitRow = Awaited<ReturnType<ValueMatchesRepository['allHits']>>[number];

/**
 * The stored hits as the engine's, made in place: a hundred thousand hits would otherwise be
 * held twice (row and copy) while the engine runs.
 */
function asMatchHits(
  rows: HitRow[],
  names: { postingAccountNames: Map<string, string[]>; newsAccountNames: Map<string, string[]> },
): MatchHit[] {
  for (const row of rows) {
    row.type = row.type === 'job_posting' ? 'job_posting' : 'news_article';
    if (row.title.length > 500) row.title = row.title.slice(0, 500);
    // The account's names, one array shared by the account's postings and one by its news.
    const accountNames = (row.type === 'job_posting' ? names.postingAccountNames : names.newsAccountNames).get(
      row.account_id,
    );
    if (accountNames) (row as HitRow & { account_names?: string[] }).account_names = accountNames;
  }
  return rows as MatchHit[];
}

/** The job handler: runs the engine over every account's signals with the tenant's preferences. */
export function createRecomputeValueMatches(deps: {
  preferences: ValuePreferencesRepository;
  matches: ValueMatchesRepository;
  /**
   * The optional model reader (AI_BASE_URL and AI_MODEL set): confirms the engine's Value Match
   * accounts. Absent, the rule engine's answer is stored as it is.
   */
  reader?: { client: ModelReaderClient; cache: ReaderCache; budgetMs?: number; concurrency?: number };
  /**
   * Where what each trigger does is kept for the preferences screen, and the team's "not
   * relevant" marks, whose signals no longer count for their account (both skipped when absent).
   */
  tuning?: Pick<TuningRepository, 'replaceTriggerStats' | 'marks'>;
  clock?: () => Date;
}) {
  const { preferences, matches, reader, tuning, clock = () => new Date() } = deps;
  return async (tenantId: string): Promise<number> => {
    const ctx = { tenantId };
    const [hypotheses, triggers, signals, titles, allHitRows, marks] = await Promise.all([
      preferences.publicHypotheses(ctx),
      preferences.listTriggers(ctx),
      preferences.listSignals(ctx),
      preferences.listTitles(ctx),
      matches.allHits(tenantId),
      tuning ? tuning.marks(ctx) : [],
    ]);
    // A signal the team marked not relevant for an account is no evidence for it any more.
    const marked = new Set(marks.map((m) => `${m.master_account_id}\u0000${m.hit_id}`));
    const hitRows =
      marked.size === 0 ? allHitRows : allHitRows.filter((r) => !marked.has(`${r.account_id}\u0000${r.id}`));
    const { industries, ...names } = await matches.accountFacts(hitRows);
    const hits = asMatchHits(hitRows, names);
    const now = clock();
    const results = matchAccounts(
      {
        hypotheses,
        triggers: triggers
          .filter((t) => (TRIGGER_HIT_TYPES as readonly string[]).includes(t.hit_type))
          .map((t) => ({ ...t, hypothesis_ids: t.hypothesis_ids })),
        qualification_signals: signals,
        target_titles: titles,
        hits,
      },
      { now },
    );
    const computedAt = now.toISOString();
    if (reader) {
      await confirmCandidates({
        tenantId,
        results,
        hits,
        triggers,
        seller: sellerContext({ hypotheses, qualification_signals: signals }),
        accountNames: (ids) => matches.accountNames(ids),
        client: reader.client,
        cache: reader.cache,
        version: profileVersion({
          hypotheses,
          triggers: triggers.map((t) => [t.id, t.name, t.hit_type, t.phrases, t.enabled, t.hypothesis_ids]),
          signals: signals.map((q) => [q.id, q.type, q.text]),
        }),
        at: computedAt,
        budgetMs: reader.budgetMs,
        concurrency: reader.concurrency,
      });
    }
    const ranks = feedRanks(
      results.map((m) => ({
        account_id: m.account_id,
        tier: m.tier,
        score: m.score,
        latest_hit_at: m.latest_hit_at,
        hypothesis_id: m.hypotheses[0]?.hypothesis_id ?? null,
        kind: m.why_now_facts.top_hit?.type ?? null,
        said: m.why_now_facts.top_hit?.said ?? null,
      })),
    );
    await matches.replaceAll(
      tenantId,
      results.map((m) => toValueMatchRow(m, computedAt, industries.get(m.account_id) ?? null, ranks.get(m.account_id))),
      results.flatMap((m) =>
        m.hypotheses
          .filter((h) => h.tier !== 'none')
          .map((h) => ({
            hypothesis_id: h.hypothesis_id,
            master_account_id: m.account_id,
            hypothesis_name: h.name,
            tier_rank: TIER_RANK[h.tier],
          })),
      ),
    );
    if (tuning) {
      const stats = triggerStats(
        results,
        hits,
        triggers.map((t) => t.id),
      );
      const names = await matches.accountNames([
        ...new Set(stats.flatMap((r) => r.examples.map((e) => e.master_account_id))),
      ]);
      for (const r of stats)
        for (const e of r.examples) e.account_name = names.get(e.master_account_id) ?? e.master_account_id;
      // A marked signal was one of its triggers' top-tier signals until the team rejected it: it
      // still counts there, so that precision (signals kept of those found) reads the same before
      // and after the recompute that leaves it out.
      const byTrigger = new Map(stats.map((r) => [r.trigger_id, r]));
      for (const m of marks)
        for (const id of new Set(m.trigger_ids)) {
          const row = byTrigger.get(id);
          if (row) row.top_tier_hits += 1;
        }
      await tuning.replaceTriggerStats(tenantId, stats, computedAt);
    }
    return results.length;
  };
}
