import { type MatchTier, TIER_RANK } from '@quarry/shared';

export type FeedEntry = {
  account_id: string;
  tier: MatchTier;
  score: number;
  latest_hit_at: string | null;
  /** The lead hypothesis, and the kind of the signal the card is headed by. */
  hypothesis_id: string | null;
  kind: string | null;
};

const byStrength = (a: FeedEntry, b: FeedEntry) =>
  b.score - a.score ||
  (b.latest_hit_at ?? '').localeCompare(a.latest_hit_at ?? '') ||
  a.account_id.localeCompare(b.account_id);

/**
 * Each account's place in the feed within its tier (0 first): tier order is kept, and inside a
 * tier the accounts are dealt round by round from one queue per hypothesis and signal kind, each
 * round in score order, so the top of Home shows every hypothesis and both kinds of signal
 * instead of the same one a hundred times. Within a queue, stronger accounts come first.
 */
export function feedRanks(entries: FeedEntry[]): Map<string, number> {
  const ranks = new Map<string, number>();
  const tiers = new Map<MatchTier, FeedEntry[]>();
  for (const e of entries) {
    const list = tiers.get(e.tier);
    if (list) list.push(e);
    else tiers.set(e.tier, [e]);
  }
  for (const tier of [...tiers.keys()].sort((a, b) => TIER_RANK[b] - TIER_RANK[a])) {
    const queues = new Map<string, FeedEntry[]>();
    for (const e of (tiers.get(tier) ?? []).sort(byStrength)) {
      const key = `${e.hypothesis_id ?? ''}\u0000${e.kind ?? ''}`;
      const queue = queues.get(key);
      if (queue) queue.push(e);
      else queues.set(key, [e]);
    }
    const lists = [...queues.values()];
    let position = 0;
    for (let round = 0; ; round++) {
      const heads = lists.map((q) => q[round]).filter((e): e is FeedEntry => e !== undefined);
      if (heads.length === 0) break;
      for (const e of heads.sort(byStrength)) ranks.set(e.account_id, position++);
    }
  }
  return ranks;
}
