import type { AccountDetail, Signal } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { extractArticleText } from '../../adapters/signals/article.ts';
import type { SignalFixtureServer } from '../../testing/signal-fixtures.ts';
import { useSignalsTestBed } from '../../testing/signals-test-bed.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * Issue #18, article pages for feeds that carry only a headline and a one-line summary, over the
 * real database and the fixture server: the linked page is read through the same guarded fetcher
 * (robots.txt, size cap, per-host politeness), its readable text (Readability) sanitised and stored
 * as the signal's text for matching; a page that cannot be read leaves the summary; a story already
 * seen is not read again.
 */
let t: TestApp;
let fixtures: SignalFixtureServer;
let ada: string;
const HARBOR = 'acc_articles_harbor';

const { call, add, sweep } = useSignalsTestBed(async (bed) => {
  ({ t, fixtures } = bed);
  await insertTestAccount(t.handle.db, HARBOR, 'Harbor Freightways');
  ada = await t.signIn('ada@acme.test');
});

const signalsOf = async (cookie: string) =>
  new Map(
    ((await call(cookie, 'GET', `/api/accounts/${HARBOR}`)).json() as AccountDetail).signals.map(
      (s): [string, Signal] => [s.title, s],
    ),
  );

describe('article pages of summary-only feeds', () => {
  it('extracts the story from a page, without its menus, footer or script', async () => {
    const page = await (await fetch(`${fixtures.url}/articles/harbor-cloud`)).text();
    const text = extractArticleText(page) ?? '';
    expect(text).toContain('migrate its warehouse management system to Snowflake');
    expect(text).toContain('add two hundred engineers');
    for (const noise of ['Subscribe now', 'Most read', 'Copyright', 'tracker', 'pwned', 'onerror', '<'])
      expect(text).not.toContain(noise);
    expect(extractArticleText('<html><head><script>go()</script></head><body></body></html>')).toBeNull();
    expect(extractArticleText('')).toBeNull();
  });

  it('stores the article text for matching; unreadable pages keep the summary; a known story is not read again', async () => {
    const read = (path: string) => fixtures.hits.get(path) ?? 0;
    const before = read('/articles/harbor-cloud');
    await add(ada, { kind: 'feed', url: `${fixtures.url}/feeds/summaries.rss`, master_account_id: HARBOR });
    await sweep(ada);
    const signals = await signalsOf(ada);
    const cloud = signals.get('Harbor Freightways moves its warehouse to the cloud');
    expect(cloud?.text).toContain('migrate its warehouse management system to Snowflake');
    expect(cloud?.text).not.toMatch(/Subscribe now|Copyright|pwned|<script/);
    // The stored hit is what Value Match reads.
    const hit = await t.handle.db
      .selectFrom('master_hits')
      .select('text')
      .where('master_account_id', '=', HARBOR)
      .where('title', '=', 'Harbor Freightways moves its warehouse to the cloud')
      .executeTakeFirstOrThrow();
    expect(hit.text).toContain('chief data officer');
    // A missing page (404), a page robots.txt disallows, and an answer that is not HTML: the summary stays.
    for (const title of [
      'Harbor Freightways opens a depot in Ohio',
      'Harbor Freightways restates guidance',
      'Harbor Freightways publishes a price list',
    ]) {
      expect(signals.get(title)?.text).toBe(`${title}. Read more.`);
    }
    expect(read('/private/articles/guidance')).toBe(0);
    expect(read('/articles/missing-page')).toBe(1);
    expect(read('/articles/harbor-cloud')).toBe(before + 1);
    // An hour later the feed is read again; its stories are known, their pages are not asked for again.
    await sweep(ada);
    expect(read('/feeds/summaries.rss')).toBe(2);
    expect(read('/articles/harbor-cloud')).toBe(before + 1);
    expect(read('/articles/missing-page')).toBe(1);
  });
});
