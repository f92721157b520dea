import { describe, expect, it } from 'vitest';
import { type FeedEntry, feedRanks } from './feed-order.ts';

const entry = (account_id: string, tier: FeedEntry['tier'], score: number, hypothesis_id: string, kind: string) => ({
  account_id,
  tier,
  score,
  latest_hit_at: '2026-11-01T00:00:00.000Z',
  hypothesis_id,
  kind,
});

/** A Value Match of one hypothesis and kind, quoting `said`. */
const same = (id: string, score: number, said: string) => ({
  ...entry(id, 'tier_1', score, 'breach', 'job_posting'),
  said,
});

const ordered = (entries: FeedEntry[]) => {
  const ranks = feedRanks(entries);
  const rank = { tier_1: 2, tier_2: 1, none: 0 };
  return [...entries]
    .sort((a, b) => rank[b.tier] - rank[a.tier] || (ranks.get(a.account_id) ?? 0) - (ranks.get(b.account_id) ?? 0))
    .map((e) => e.account_id);
};

describe('feed order', () => {
  it('deals the top of a tier across hypotheses and signal kinds instead of repeating the strongest one', () => {
    const postings = Array.from({ length: 6 }, (_, i) => entry(`posting${i}`, 'tier_1', 90 - i, 'cost', 'job_posting'));
    const entries = [
      ...postings,
      entry('news-cost', 'tier_1', 40, 'cost', 'news_article'),
      entry('news-risk', 'tier_1', 50, 'risk', 'news_article'),
      entry('posting-risk', 'tier_1', 30, 'risk', 'job_posting'),
    ];
    // Score order alone would show the six postings of one hypothesis first.
    expect(ordered(entries).slice(0, 4)).toEqual(['posting0', 'news-risk', 'news-cost', 'posting-risk']);
    expect(ordered(entries).slice(4)).toEqual(['posting1', 'posting2', 'posting3', 'posting4', 'posting5']);
  });

  it('keeps tier order: no Value Alignment above a Value Match, however it is dealt', () => {
    const entries = [
      entry('t2-strong', 'tier_2', 99, 'risk', 'news_article'),
      entry('t1-a', 'tier_1', 10, 'cost', 'job_posting'),
      entry('t1-b', 'tier_1', 9, 'cost', 'job_posting'),
      entry('none', 'none', 100, 'cost', 'news_article'),
    ];
    expect(ordered(entries)).toEqual(['t1-a', 't1-b', 't2-strong', 'none']);
  });

  it('orders a single queue by strength, the latest signal breaking a tie', () => {
    const entries = [
      { ...entry('old', 'tier_2', 5, 'cost', 'news_article'), latest_hit_at: '2020-01-01T00:00:00.000Z' },
      entry('new', 'tier_2', 5, 'cost', 'news_article'),
      entry('strong', 'tier_2', 6, 'cost', 'news_article'),
    ];
    expect(ordered(entries)).toEqual(['strong', 'new', 'old']);
  });

  it('lifts weaker cards of other hypotheses and kinds into the first ten of a tier of a hundred', () => {
    // The demo's shape: a hundred Value Matches led by postings of one hypothesis, all stronger
    // than the few led by news or by another hypothesis.
    const postings = Array.from({ length: 100 }, (_, i) =>
      entry(`posting${String(i).padStart(3, '0')}`, 'tier_1', 4 - i / 100, 'network', 'job_posting'),
    );
    const others = [
      entry('news-disruption', 'tier_1', 1.5, 'disruption', 'news_article'),
      entry('posting-cost', 'tier_1', 1.4, 'cost', 'job_posting'),
      entry('news-cost', 'tier_1', 1.3, 'cost', 'news_article'),
    ];
    const first = ordered([...others, ...postings]).slice(0, 10);
    expect(first.slice(0, 4)).toEqual(['posting000', 'news-disruption', 'posting-cost', 'news-cost']);
    expect(first.slice(4)).toEqual([
      'posting001',
      'posting002',
      'posting003',
      'posting004',
      'posting005',
      'posting006',
    ]);
  });

  it('leaves a tier holding one hypothesis and one kind in score order: there is nothing to mix', () => {
    const postings = Array.from({ length: 12 }, (_, i) =>
      entry(`p${i}`, 'tier_1', 1 + (i % 5), 'network', 'job_posting'),
    );
    const byScore = [...postings].sort((a, b) => b.score - a.score || a.account_id.localeCompare(b.account_id));
    expect(ordered(postings)).toEqual(byScore.map((e) => e.account_id));
  });

  it('spreads cards quoting the same sentence within a hypothesis and kind, strongest of each first', () => {
    const entries = [
      same('a1', 10, 'Cyber attacks on companies like ours rose this year.'),
      same('a2', 9, 'Cyber attacks on companies like ours rose this year.'),
      same('a3', 8, 'Cyber attacks on companies like ours rose this year.'),
      same('b1', 5, 'Phishing attempts against our staff doubled.'),
      same('c1', 4, 'Hacking attempts keep rising.'),
      same('b2', 3, 'Phishing attempts against our staff doubled.'),
    ];
    // Strength alone would quote the first sentence three times before any other.
    expect(ordered(entries)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('reads one wording told of two places as the same sentence', () => {
    const entries = [
      same('a1', 10, 'Hackers reached customer records at our Dallas offices this spring.'),
      same('a2', 9, 'Hackers reached customer records at our Salt Lake City offices this spring.'),
      same('a3', 8, 'Hackers reached customer records at our Omaha offices this spring.'),
      same('b1', 5, 'After a security breach at our Dallas offices last year, we are adding people.'),
      same('b2', 4, 'After a security breach at our Boise offices last year, we are adding people.'),
    ];
    expect(ordered(entries)).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('shows Activity Found newest signal first, whatever its kind or score', () => {
    const at = (e: FeedEntry, latest: string) => ({ ...e, latest_hit_at: latest });
    const entries = [
      at(entry('story-2005', 'none', 0.9, 'cost', 'news_article'), '2005-03-01T00:00:00.000Z'),
      at(entry('posting-oct', 'none', 0.2, 'cost', 'job_posting'), '2026-10-31T00:00:00.000Z'),
      at(entry('story-2012', 'none', 0.5, 'risk', 'news_article'), '2012-06-01T00:00:00.000Z'),
      at(entry('posting-aug', 'none', 0.3, 'risk', 'job_posting'), '2026-08-04T00:00:00.000Z'),
    ];
    expect(ordered(entries)).toEqual(['posting-oct', 'posting-aug', 'story-2012', 'story-2005']);
  });
});
