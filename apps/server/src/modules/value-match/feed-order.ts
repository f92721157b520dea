import { type MatchTier, TIER_RANK } from '@quarry/shared';

export type FeedEntry = {
  account_id: string;
  tier: MatchTier;
  score: number;
  latest_hit_at: string | null;
  /** The lead hypothesis, and the kind of the signal the card is headed by. */
  hypothesis_id: string | null;
  kind: string | null;
  /** The sentence the card quotes from its signal, if any: cards quoting the same one are spread out. */
  said?: string | null;
};

const byStrength = (a: FeedEntry, b: FeedEntry) =>
  b.score - a.score ||
  (b.latest_hit_at ?? '').localeCompare(a.latest_hit_at ?? '') ||
  a.account_id.localeCompare(b.account_id);

const newestFirst = (a: FeedEntry, b: FeedEntry) =>
  (b.latest_hit_at ?? '').localeCompare(a.latest_hit_at ?? '') ||
  b.score - a.score ||
  a.account_id.localeCompare(b.account_id);

/**
 * `list` (strongest first) dealt round by round from one queue per key, each round in strength
 * order: the first round holds the strongest of every key, the second the next of each, and so on.
 */
function dealt(list: FeedEntry[], keyOf: (e: FeedEntry) => string): FeedEntry[] {
  const queues = new Map<string, FeedEntry[]>();
  for (const e of list) {
    const key = keyOf(e);
    const queue = queues.get(key);
    if (queue) queue.push(e);
    else queues.set(key, [e]);
  }
  const lists = [...queues.values()];
  const out: FeedEntry[] = [];
  for (let round = 0; ; round++) {
    const heads = lists.map((q) => q[round]).filter((e): e is FeedEntry => e !== undefined);
    if (heads.length === 0) return out;
    out.push(...heads.sort(byStrength));
  }
}

/**
 * A quoted sentence's wording, its names aside: "Hackers reached customer records at our Dallas
 * offices" and "… at our Omaha offices" are one wording, told nine times in a row on Globex's
 * Home. A capitalised word after the first is taken for a name.
 */
const NAME = '<name>';
export function wordingOf(said: string): string {
  const words: string[] = [];
  for (const [i, word] of said.trim().split(/\s+/).entries()) {
    const name = i > 0 && /^\p{Lu}/u.test(word);
    // A name of several words ("Salt Lake City") is one name.
    if (!name) words.push(word.toLowerCase());
    else if (words.at(-1) !== NAME) words.push(NAME);
  }
  return words.join(' ');
}

/**
 * Each account's place in the feed within its tier (0 first): tier order is kept; Activity Found
 * is newest signal first, and inside the other tiers the accounts are dealt round by round from one queue per hypothesis and signal kind, each
 * round in score order, so the top of Home shows every hypothesis and both kinds of signal
 * instead of the same one a hundred times. Within a queue, cards quoting the same sentence are
 * dealt apart the same way (postings many companies word alike would otherwise follow each
 * other); within that, stronger accounts come first.
 */
export function feedRanks(entries: FeedEntry[]): Map<string, number> {
  const ranks = new Map<string, number>();
  const tiers = new Map<MatchTier, FeedEntry[]>();
  for (const e of entries) {
    const list = tiers.get(e.tier);
    if (list) list.push(e);
    else tiers.set(e.tier, [e]);
  }
  const queueOf = (e: FeedEntry) => `${e.hypothesis_id ?? ''}\u0000${e.kind ?? ''}`;
  const sentenceOf = (e: FeedEntry) => wordingOf(e.said ?? '');
  for (const tier of [...tiers.keys()].sort((a, b) => TIER_RANK[b] - TIER_RANK[a])) {
    if (tier === 'none') {
      // Activity Found ties nothing to a hypothesis: it reads as activity, newest first (dealt by
      // kind, a 2005 story followed every posting of this quarter).
      [...(tiers.get(tier) ?? [])].sort(newestFirst).forEach((e, rank) => {
        ranks.set(e.account_id, rank);
      });
      continue;
    }
    const strongestFirst = (tiers.get(tier) ?? []).sort(byStrength);
    // Each queue spread by sentence first, then the queues dealt together.
    const queues = new Map<string, FeedEntry[]>();
    for (const e of strongestFirst) {
      const queue = queues.get(queueOf(e));
      if (queue) queue.push(e);
      else queues.set(queueOf(e), [e]);
    }
    const spread = [...queues.values()].flatMap((queue) => dealt(queue, sentenceOf));
    dealt(spread, queueOf).forEach((e, rank) => {
      ranks.set(e.account_id, rank);
    });
  }
  return ranks;
}
