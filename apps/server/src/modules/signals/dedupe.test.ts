import { describe, expect, it } from 'vitest';
import { canonicalUrl, hammingDistance, NEAR_DUPLICATE_BITS, simhash } from './dedupe.ts';
import { backoffMs, parseRobots } from './signal-sweep.ts';

describe('canonical URLs', () => {
  it('drop tracking parameters, fragments, www, trailing slashes and the scheme; sort the rest', () => {
    expect(canonicalUrl('https://www.Example.com/news/a/?utm_source=x&b=2&a=1&fbclid=z#top')).toBe(
      'example.com/news/a?a=1&b=2',
    );
    expect(canonicalUrl('http://example.com/news/a?b=2&a=1')).toBe('example.com/news/a?a=1&b=2');
    expect(canonicalUrl('not a url')).toBeNull();
    expect(canonicalUrl(null)).toBeNull();
  });
});

describe('near-duplicate text', () => {
  const story =
    'Acme Corp agrees to acquire Widget Holdings for $2 billion in cash, expanding its industrial automation ' +
    'business across Europe and Asia, the companies said on Monday.';
  it('a reworded copy is within the threshold; another story is far', () => {
    const copy = story.replace('said on Monday', 'announced Monday');
    const other =
      'Globex names a new chief financial officer after a quarter of weak results in its retail banking arm ' +
      'and a restructuring of its branch network.';
    expect(hammingDistance(simhash(story), simhash(copy))).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
    expect(hammingDistance(simhash(story), simhash(other))).toBeGreaterThan(NEAR_DUPLICATE_BITS + 6);
  });
});

describe('stored keys', () => {
  it('are the values signals were stored with before the hash moved to @quarry/shared', () => {
    // Computed by dedupe.ts's own FNV copy: a stored simhash must keep matching new ones.
    expect(simhash('Acme Corp acquires Widget Inc for 2 billion dollars in cash')).toBe('cb3ad52cc83ea3cc');
    expect(simhash('Quarry opens a new office in Lyon')).toBe('e6a4b0b7a47f48b7');
  });
});

describe('sweep rules', () => {
  it('backs off exponentially, at most a day', () => {
    expect([1, 2, 3, 10].map((n) => backoffMs(3_600_000, n) / 3_600_000)).toEqual([1, 2, 4, 24]);
  });

  it("reads robots.txt: Quarry's own group, else *", () => {
    const robots =
      'User-agent: *\nDisallow: /private/\n\nUser-agent: QuarryBot\nUser-agent: quarry\nDisallow: /feeds/\n';
    expect(parseRobots(robots)).toEqual(['/feeds/']);
    expect(parseRobots('User-agent: *\nDisallow: /private/\nDisallow:\n')).toEqual(['/private/']);
  });
});
