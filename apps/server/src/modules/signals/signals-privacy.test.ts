import type { AccountDetail, FlowDetail, FlowSummary, ValueMatchFeed } from '@quarry/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoValuePreferences } from '../../db/seed/demo-value-preferences.ts';
import { acrossTenants } from '../../db/tenant-scope.ts';
import type { SignalFixtureServer } from '../../testing/signal-fixtures.ts';
import { useSignalsTestBed } from '../../testing/signals-test-bed.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * Issue #18: a tenant's own sources are private to it. Globex (tenant A) watches Fixture
 * Dynamics' SEC filings and job board; Acme (tenant B) sees none of what they bring on any read
 * path (account page, Value Matches and their detail, the "news within N days" filter, the latest
 * signal column and its sort, flow evidence), while Globex sees it everywhere. The same story
 * watched by both tenants stays two stories, each crediting its own tenant's sources.
 */

let t: TestApp;
let fixtures: SignalFixtureServer;
let gail: string; // Globex admin
let gus: string; // Globex user
let ada: string; // Acme admin
let rita: string; // Acme user
const ACCOUNT = 'acc_private_fixture_dynamics';
const FILING = '8-K FIXTURE DYNAMICS: Completion of Acquisition or Disposition of Assets';
const CONTACT = 'ct_private_fixture_cfo';

const { call, add, sweep } = useSignalsTestBed(async (bed) => {
  ({ t, fixtures } = bed);
  await insertTestAccount(t.handle.db, ACCOUNT, 'Fixture Dynamics');
  await insertTestAccount(t.handle.db, 'acc_walmart_com', 'Walmart');
  await t.handle.db
    .insertInto('master_contacts')
    .values({
      id: CONTACT,
      external_contact_id: null,
      master_account_id: ACCOUNT,
      first_name: 'Cora',
      last_name: 'Tester',
      title: 'Chief Financial Officer',
      seniority: null,
      department: null,
      email: 'cora@fixture.example',
      email_status: 'verified',
      linkedin_url: null,
    })
    .execute();
  // Globex's "IT change" trigger says "acquisition"; its qualification asks for a digital footprint.
  await seedDemoValuePreferences(t.handle.db);
  [gail, gus, ada, rita] = await Promise.all([
    t.signIn('gail@globex.test'),
    t.signIn('gus@globex.test'),
    t.signIn('ada@acme.test'),
    t.signIn('rita@acme.test'),
  ]);
});

const titlesOn = async (cookie: string, accountId: string) =>
  ((await call(cookie, 'GET', `/api/accounts/${accountId}`)).json() as AccountDetail).signals.map((s) => s.title);

const newsWithin7Days = {
  complex: true,
  operator: 'AND',
  days_ago: null,
  values: [{ field: 'news_article', complex: false, type: 'text', values: [], operator: 'IN', days_ago: 7 }],
};

async function query(cookie: string, body: Record<string, unknown>) {
  const res = await call(cookie, 'POST', '/api/accounts/query', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: { master_account_id: string; latest_signal_at: string | null }[]; total: number };
}

async function flowEvidence(cookie: string) {
  const res = await call(cookie, 'POST', '/api/flows', {
    type: 'create_value_message',
    initiated_from: `/valueMatch/${ACCOUNT}`,
    accounts: [{ master_account_id: ACCOUNT, contact_ids: [CONTACT] }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const flow = res.json() as FlowSummary;
  await t.app.jobRunner.drain();
  const detail = (await call(cookie, 'GET', `/api/flows/${flow.id}`)).json() as FlowDetail;
  return detail.messages.map((m) => m.evidence);
}

describe("a tenant's own sources are private to it", () => {
  it("Globex's filings reach Globex on every read path and Acme on none", async () => {
    await add(gail, {
      kind: 'sec',
      url: `${fixtures.url}/edgar/999999?company=FIXTURE%20DYNAMICS`,
      name: 'Globex SEC watch',
      master_account_id: ACCOUNT,
    });
    await add(gail, {
      kind: 'greenhouse',
      url: `${fixtures.url}/boards/greenhouse/fixturedynamics`,
      name: 'Globex careers watch',
      master_account_id: ACCOUNT,
    });
    // Acme watches a general wire: its sweep brings Acme signals of its own and computes its matches.
    await add(ada, { kind: 'feed', url: `${fixtures.url}/feeds/wire.atom`, name: 'Acme wire' });
    await sweep(gail);
    await sweep(ada);
    expect(await titlesOn(rita, 'acc_walmart_com')).toContain('Walmart agrees to buy grocery delivery start-up');
    expect(await titlesOn(gus, 'acc_walmart_com')).toEqual([]);

    // The account page.
    expect(await titlesOn(gus, ACCOUNT)).toContain(FILING);
    expect(await titlesOn(rita, ACCOUNT)).toEqual([]);

    // Value Matches on Home, and the account's match detail.
    const globexFeed = (await call(gus, 'GET', '/api/value-matches?limit=100')).json() as ValueMatchFeed;
    const globexItem = globexFeed.items.find((i) => i.master_account_id === ACCOUNT);
    expect(globexItem?.tier).toBeDefined();
    expect(globexItem?.tier).not.toBe('none');
    const acmeFeed = (await call(rita, 'GET', '/api/value-matches?limit=100')).json() as ValueMatchFeed;
    expect(acmeFeed.items.find((i) => i.master_account_id === ACCOUNT && i.tier !== 'none')).toBeUndefined();
    expect(JSON.stringify(acmeFeed)).not.toContain('FIXTURE DYNAMICS');
    const globexDetail = await call(gus, 'GET', `/api/value-matches/${ACCOUNT}`);
    expect(globexDetail.body).toContain(FILING);
    const acmeDetail = await call(rita, 'GET', `/api/value-matches/${ACCOUNT}`);
    expect(acmeDetail.body).not.toContain('FIXTURE DYNAMICS');
    expect(acmeDetail.body).not.toContain('Globex');
    const stored = await acrossTenants(t.handle.db)
      .selectFrom('value_matches')
      .select(['tenant_id', 'result'])
      .where('master_account_id', '=', ACCOUNT)
      .execute();
    expect(stored.find((r) => r.tenant_id === 'tnt_acme')?.result ?? '').not.toContain('FIXTURE DYNAMICS');

    // The "news within 7 days" filter, and the latest signal column.
    const globexNews = await query(gus, { filter: newsWithin7Days, q: 'Fixture Dynamics' });
    expect(globexNews.rows.map((r) => r.master_account_id)).toEqual([ACCOUNT]);
    expect(Date.now() - Date.parse(globexNews.rows[0]?.latest_signal_at ?? '')).toBeLessThan(2 * 86_400_000);
    expect((await query(rita, { filter: newsWithin7Days, q: 'Fixture Dynamics' })).total).toBe(0);
    const acmeRow = await query(rita, { q: 'Fixture Dynamics' });
    expect(acmeRow.rows).toEqual([expect.objectContaining({ master_account_id: ACCOUNT, latest_signal_at: null })]);
    const acmeBySignal = await query(rita, { q: 'Fixture Dynamics', sort: 'latest_signal_at', direction: 'desc' });
    expect(acmeBySignal.rows[0]?.latest_signal_at).toBeNull();
    const account = await t.handle.db
      .selectFrom('master_accounts')
      .select('latest_signal_at')
      .where('master_account_id', '=', ACCOUNT)
      .executeTakeFirstOrThrow();
    expect(account.latest_signal_at).toBeNull();

    // Flow evidence: Globex's message is written from the filing; Acme's from nothing of Globex's.
    const globexEvidence = await flowEvidence(gus);
    expect(globexEvidence).toHaveLength(1);
    expect(globexEvidence[0]?.signal_source).toMatch(/^Globex (SEC|careers) watch$/);
    const acmeEvidence = await flowEvidence(rita);
    expect(acmeEvidence).toHaveLength(1);
    expect(acmeEvidence[0]?.signal_title ?? null).toBeNull();
    expect(JSON.stringify(acmeEvidence)).not.toContain('Globex');
  });

  it("the same story watched by both tenants is one per tenant, each crediting only that tenant's sources", async () => {
    await add(gail, {
      kind: 'feed',
      url: `${fixtures.url}/feeds/walmart.rss`,
      name: 'Globex secret newsroom watch',
      master_account_id: 'acc_walmart_com',
    });
    await add(ada, {
      kind: 'feed',
      url: `${fixtures.url}/feeds/walmart.rss`,
      name: 'Acme newsroom',
      master_account_id: 'acc_walmart_com',
    });
    await sweep(gail);
    await sweep(ada);
    const acme = ((await call(rita, 'GET', '/api/accounts/acc_walmart_com')).json() as AccountDetail).signals;
    const globex = ((await call(gus, 'GET', '/api/accounts/acc_walmart_com')).json() as AccountDetail).signals;
    const deal = (signals: typeof acme) => signals.filter((s) => /grocery delivery start-up/.test(s.title));
    // Within Acme, the wire's story and the newsroom's original are still one story with two sources.
    expect(deal(acme).map((s) => s.source)).toEqual(['Acme wire · Acme newsroom']);
    expect(deal(globex).map((s) => s.source)).toEqual(['Globex secret newsroom watch']);
    expect(JSON.stringify(acme)).not.toContain('Globex');
    expect(JSON.stringify(globex)).not.toContain('Acme');
    const items = await t.handle.db
      .selectFrom('signal_items')
      .select(['owner_tenant_id', 'source_names'])
      .where('title', 'like', 'Walmart % grocery delivery start-up')
      .execute();
    expect(items.map((i) => [i.owner_tenant_id, JSON.parse(i.source_names)]).sort()).toEqual([
      ['tnt_acme', ['Acme wire', 'Acme newsroom']],
      ['tnt_globex', ['Globex secret newsroom watch']],
    ]);
  });
});

describe('the latest signal order, for a tenant with signals of its own', () => {
  const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'].map((s) => `acc_order_${s}`);
  const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}T00:00:00.000Z`;
  // Reference signals: p1..p5 dated; p6 and p7 none.
  const reference: [string, string][] = [
    [ids[0] as string, day(10)],
    [ids[1] as string, day(20)],
    [ids[2] as string, day(5)],
    [ids[3] as string, day(15)],
    [ids[4] as string, day(20)],
  ];
  // Acme's own: p3 overtakes to the 18th, p6 gets the 12th, p1's older one changes nothing.
  const own: [string, string][] = [
    [ids[2] as string, day(18)],
    [ids[5] as string, day(12)],
    [ids[0] as string, day(1)],
  ];

  beforeAll(async () => {
    for (const [i, id] of ids.entries()) await insertTestAccount(t.handle.db, id, `Ordertest ${i + 1}`);
    await t.handle.db
      .insertInto('master_hits')
      .values([
        ...reference.map(([account, at], i) => ({
          id: `hit_order_ref_${i}`,
          master_account_id: account,
          type: 'news_article',
          title: 'Reference story',
          text: 'Reference story',
          url: null,
          source: 'Wikinews',
          published_at: at,
        })),
        ...own.map(([account, at], i) => ({
          id: `hit_order_own_${i}`,
          master_account_id: account,
          type: 'news_article',
          title: 'Acme story',
          text: 'Acme story',
          url: null,
          source: 'Acme newsroom',
          published_at: at,
          owner_tenant_id: 'tnt_acme',
        })),
      ])
      .execute();
  });

  /** Every page of the order, at one page size. */
  async function order(cookie: string, direction: 'asc' | 'desc', pageSize: number) {
    const out: [string, string | null][] = [];
    for (let page = 1; page <= Math.ceil(ids.length / pageSize) + 1; page++) {
      const res = await query(cookie, {
        q: 'Ordertest',
        sort: 'latest_signal_at',
        direction,
        page,
        page_size: pageSize,
      });
      expect(res.total).toBe(ids.length);
      out.push(...res.rows.map((r): [string, string | null] => [r.master_account_id, r.latest_signal_at]));
    }
    return out;
  }

  it('places each account by the newest signal the tenant sees, nulls last, at every page size', async () => {
    const acmeDesc: [string, string | null][] = [
      [ids[4] as string, day(20)],
      [ids[1] as string, day(20)],
      [ids[2] as string, day(18)],
      [ids[3] as string, day(15)],
      [ids[5] as string, day(12)],
      [ids[0] as string, day(10)],
      [ids[6] as string, null],
    ];
    const acmeAsc: [string, string | null][] = [
      [ids[0] as string, day(10)],
      [ids[5] as string, day(12)],
      [ids[3] as string, day(15)],
      [ids[2] as string, day(18)],
      [ids[1] as string, day(20)],
      [ids[4] as string, day(20)],
      [ids[6] as string, null],
    ];
    const globexDesc: [string, string | null][] = [
      [ids[4] as string, day(20)],
      [ids[1] as string, day(20)],
      [ids[3] as string, day(15)],
      [ids[0] as string, day(10)],
      [ids[2] as string, day(5)],
      [ids[6] as string, null],
      [ids[5] as string, null],
    ];
    for (const size of [1, 2, 3, 4, 7, 50]) {
      expect(await order(rita, 'desc', size), `desc ${size}`).toEqual(acmeDesc);
      expect(await order(rita, 'asc', size), `asc ${size}`).toEqual(acmeAsc);
      expect(await order(gus, 'desc', size), `globex desc ${size}`).toEqual(globexDesc);
    }
  });

  it('follows deletes and changes of private signals (triggers on both engines)', async () => {
    await t.handle.db.deleteFrom('master_hits').where('id', '=', 'hit_order_own_1').execute();
    await t.handle.db
      .updateTable('master_hits')
      .set({ published_at: day(25) })
      .where('id', '=', 'hit_order_own_2')
      .execute();
    for (const size of [1, 2, 3, 5]) {
      expect(await order(rita, 'desc', size), `desc ${size}`).toEqual([
        [ids[0], day(25)],
        [ids[4], day(20)],
        [ids[1], day(20)],
        [ids[2], day(18)],
        [ids[3], day(15)],
        [ids[6], null],
        [ids[5], null],
      ]);
    }
    const p6 = await query(rita, { q: 'Ordertest 6' });
    expect(p6.rows[0]?.latest_signal_at).toBeNull();
    // Globex still sees p1 by its reference signal.
    const globex = await query(gus, { q: 'Ordertest 1' });
    expect(globex.rows.find((r) => r.master_account_id === ids[0])?.latest_signal_at).toBe(day(10));
  });
});
