import type { AccountDetail } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { acrossTenants } from '../../db/tenant-scope.ts';
import { visibleTo } from '../../db/visible-signals.ts';
import type { SignalFixtureServer } from '../../testing/signal-fixtures.ts';
import { useSignalsTestBed } from '../../testing/signals-test-bed.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * Issue #18: a tenant's own source carries a story that is already a reference signal (a Wikinews
 * hit every tenant sees): by the same canonical URL, or as a near-duplicate under another URL. That
 * tenant sees it once, its own signal crediting both sources; another tenant still sees the
 * reference signal alone, credited to Wikinews, and nothing of the first tenant's source.
 */
let t: TestApp;
let fixtures: SignalFixtureServer;
let ada: string; // Acme admin
let rita: string; // Acme user
let gus: string; // Globex user
const ACCOUNT = 'acc_repeat_walmart';
const DEAL_TEXT =
  'Walmart said on Tuesday it agreed to acquire a regional grocery delivery start-up for an undisclosed sum, ' +
  'adding same-day delivery to more than two hundred stores and bringing the company engineering team into its ' +
  'e-commerce unit, in a deal expected to close this quarter.';
const CENTRE_TEXT =
  'Walmart has opened an automated distribution centre in Texas. The retailer said the site will serve four ' +
  'hundred stores, using robotics and new warehouse software, and employ six hundred people when complete.';

const { call, add, sweep } = useSignalsTestBed(async (bed) => {
  ({ t, fixtures } = bed);
  await insertTestAccount(t.handle.db, ACCOUNT, 'Walmart Repeat Stores');
  const reference = (id: string, title: string, text: string, url: string) => ({
    id,
    master_account_id: ACCOUNT,
    type: 'news_article',
    title,
    text,
    url,
    source: 'Wikinews',
    published_at: '2016-05-01T00:00:00.000Z',
  });
  await acrossTenants(t.handle.db)
    .insertInto('master_hits')
    .values([
      // The same article as the feed's item, under the feed's own link.
      reference(
        'wn_repeat_url',
        'Walmart opens automated distribution centre in Texas',
        CENTRE_TEXT,
        `${fixtures.url}/news/walmart-distribution-centre`,
      ),
      // The same words as the feed's item, under Wikinews' link.
      reference(
        'wn_repeat_text',
        'Walmart to acquire grocery delivery start-up',
        DEAL_TEXT,
        'https://en.wikinews.org/wiki/Walmart_to_acquire_grocery_delivery_start-up',
      ),
      // Another story: no source of Acme's carries it.
      reference(
        'wn_other',
        'Walmart shareholders meet in Arkansas',
        'Shareholders of the retailer met in Bentonville, Arkansas, to elect the board and vote on proposals.',
        'https://en.wikinews.org/wiki/Walmart_shareholders_meet',
      ),
    ])
    .execute();
  [ada, rita, gus] = await Promise.all([
    t.signIn('ada@acme.test'),
    t.signIn('rita@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
});

const signalsOf = async (cookie: string) =>
  ((await call(cookie, 'GET', `/api/accounts/${ACCOUNT}`)).json() as AccountDetail).signals;
const about = (signals: AccountDetail['signals'], pattern: RegExp) =>
  signals.filter((s) => pattern.test(s.title)).map((s) => s.source);

describe("a tenant's own story repeating a reference signal", () => {
  it('shows once for that tenant, crediting both sources, and leaks nothing to another tenant', async () => {
    await add(ada, {
      kind: 'feed',
      url: `${fixtures.url}/feeds/walmart.rss`,
      name: 'Acme repeat newsroom',
      master_account_id: ACCOUNT,
    });
    await sweep(ada);

    const acme = await signalsOf(rita);
    expect(about(acme, /distribution centre/)).toEqual(['Wikinews · Acme repeat newsroom']);
    expect(about(acme, /grocery delivery start-up/)).toEqual(['Wikinews · Acme repeat newsroom']);
    expect(about(acme, /shareholders meet/)).toEqual(['Wikinews']);

    const globex = await signalsOf(gus);
    expect(about(globex, /distribution centre/)).toEqual(['Wikinews']);
    expect(about(globex, /grocery delivery start-up/)).toEqual(['Wikinews']);
    expect(about(globex, /shareholders meet/)).toEqual(['Wikinews']);
    expect(JSON.stringify(globex)).not.toContain('Acme');

    // The one condition every read path uses (value matches, filters, flow evidence, the account page).
    const visible = async (tenantId: string) =>
      (
        await acrossTenants(t.handle.db)
          .selectFrom('master_hits')
          .select('id')
          .where('master_account_id', '=', ACCOUNT)
          .where(visibleTo(tenantId, 'master_hits'))
          .execute()
      )
        .map((r) => r.id)
        .sort();
    const acmeIds = await visible('tnt_acme');
    expect(acmeIds).not.toContain('wn_repeat_url');
    expect(acmeIds).not.toContain('wn_repeat_text');
    expect(acmeIds).toContain('wn_other');
    expect(await visible('tnt_globex')).toEqual(['wn_other', 'wn_repeat_text', 'wn_repeat_url']);

    // Acme's own signal keeps the longer text of the two for matching (the feed gave a shorter summary).
    const own = await acrossTenants(t.handle.db)
      .selectFrom('master_hits')
      .select('text')
      .where('owner_tenant_id', '=', 'tnt_acme')
      .where('master_account_id', '=', ACCOUNT)
      .where('title', 'like', '%distribution centre%')
      .executeTakeFirstOrThrow();
    expect(own.text).toBe(CENTRE_TEXT);

    // A second sweep finds the stories known: still one each.
    await sweep(ada);
    const again = await signalsOf(rita);
    expect(about(again, /distribution centre/)).toHaveLength(1);
    expect(about(again, /grocery delivery start-up/)).toHaveLength(1);
  });
});
