import type { AccountDetail, SignalSource } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { seedDemoValuePreferences } from '../../db/seed/demo-value-preferences.ts';
import { acrossTenants } from '../../db/tenant-scope.ts';
import type { SignalFixtureServer } from '../../testing/signal-fixtures.ts';
import { useSignalsTestBed } from '../../testing/signals-test-bed.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { createSignalsRepository } from './signals.repository.ts';

/**
 * Issue #18 over the real database (SQLite, or PostgreSQL with QUARRY_TEST_ENGINE=postgres) and
 * the local fixture server: sources managed by admins, sweeps run as the durable job, signals on
 * the account page, conditional GET, near-duplicates merged, backoff, the SSRF guard, and an 8-K
 * acquisition becoming a Value Match.
 */

let t: TestApp;
let fixtures: SignalFixtureServer;
let ada: string;
let rita: string;
let gail: string;
const SEC_ACCOUNT = 'acc_signals_fixture_dynamics';
const HOME_ACCOUNT = 'acc_signals_home';

const { call, add, sweep, sourcesOf } = useSignalsTestBed(async (bed) => {
  ({ t, fixtures } = bed);
  // The accounts the fixture stories name (the API tests seed no Fortune 500 list).
  for (const [id, name, website] of [
    ['acc_walmart_com', 'Walmart', 'walmart.com'],
    ['acc_exxonmobil_com', 'Exxon Mobil', 'exxonmobil.com'],
    ['acc_apple_com', 'Apple', 'apple.com'],
    ['acc_target_com', 'Target', 'target.com'],
  ] as const) {
    await insertTestAccount(t.handle.db, id, name);
    await t.handle.db.updateTable('master_accounts').set({ website }).where('master_account_id', '=', id).execute();
  }
  await insertTestAccount(t.handle.db, SEC_ACCOUNT, 'Fixture Dynamics');
  // The demo tenants' seller profiles: Globex's "IT change" trigger says "acquisition".
  await seedDemoValuePreferences(t.handle.db);
  await insertTestAccount(t.handle.db, HOME_ACCOUNT, 'Homepage Holdings');
  await t.handle.db
    .updateTable('master_accounts')
    .set({ website: `${fixtures.url}/home/walmart` })
    .where('master_account_id', '=', HOME_ACCOUNT)
    .execute();
  [ada, rita, gail] = await Promise.all([
    t.signIn('ada@acme.test'),
    t.signIn('rita@acme.test'),
    t.signIn('gail@globex.test'),
  ]);
});

async function sources(cookie: string): Promise<Map<string, SignalSource>> {
  return new Map((await sourcesOf(cookie)).map((s) => [s.name, s]));
}

async function signalsOf(accountId: string, cookie = rita) {
  return ((await call(cookie, 'GET', `/api/accounts/${accountId}`)).json() as AccountDetail).signals;
}

describe('signal sources', () => {
  let newsroom: SignalSource;

  it('admins add sources with validation; others may not', async () => {
    const refused = await call(rita, 'GET', '/api/signal-sources');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toEqual({ reason: 'admin_only' });
    expect(
      (await call(rita, 'POST', '/api/signal-sources', { kind: 'feed', url: `${fixtures.url}/feeds/wire.atom` }))
        .statusCode,
    ).toBe(403);
    const noUrl = await call(ada, 'POST', '/api/signal-sources', { kind: 'feed' });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().error.message).toMatch(/^url:/);
    const noBoard = await call(ada, 'POST', '/api/signal-sources', { kind: 'lever' });
    expect(noBoard.json().error.message).toMatch(/^board_token:/);
    // Each refusal says why, with a reason the web says in the reader's language ("add https://").
    for (const [url, reason] of [
      ['http://127.0.0.1:1/feed', 'address_not_public'],
      ['http://169.254.169.254/latest/meta-data/', 'address_not_public'],
      ['ftp://example.com/x', 'address_scheme'],
      ['not a url', 'address_not_url'],
      ['example.com/feed', 'address_not_url'],
      ['https://user:pw@news.example.org/feed', 'address_credentials'],
    ]) {
      const res = await call(ada, 'POST', '/api/signal-sources', { kind: 'feed', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toMatch(/^url:/);
      expect(res.json().error.details.fields[0], url).toMatchObject({ field: 'url', reason });
    }
    const badAccount = await call(ada, 'POST', '/api/signal-sources', {
      kind: 'feed',
      url: `${fixtures.url}/feeds/wire.atom`,
      master_account_id: 'acc_nope',
    });
    expect(badAccount.json().error.message).toMatch(/^master_account_id:/);

    newsroom = await add(ada, {
      kind: 'feed',
      url: `${fixtures.url}/feeds/walmart.rss`,
      name: 'Walmart Newsroom',
      master_account_id: 'acc_walmart_com',
    });
    expect(newsroom).toMatchObject({ status: 'active', account_name: 'Walmart', items_found: 0 });
    // Added without a name: named by its host until a read gives it the feed's own title.
    const wire = await add(ada, { kind: 'feed', url: `${fixtures.url}/feeds/wire.atom` });
    expect(wire.name).toBe(new URL(fixtures.url).host);
    await add(ada, { kind: 'feed', url: `${fixtures.url}/feeds/apple.rdf`, name: 'Apple Notes' });
    await add(ada, {
      kind: 'greenhouse',
      url: `${fixtures.url}/boards/greenhouse/walmart`,
      name: 'Walmart careers',
      master_account_id: 'acc_walmart_com',
    });
    await add(ada, {
      kind: 'lever',
      url: `${fixtures.url}/boards/lever/walmart`,
      name: 'Walmart Lever',
      master_account_id: 'acc_walmart_com',
    });
    await add(ada, {
      kind: 'ashby',
      url: `${fixtures.url}/boards/ashby/walmart`,
      name: 'Walmart Ashby',
      master_account_id: 'acc_walmart_com',
    });
    await add(ada, { kind: 'feed', url: `${fixtures.url}/bad/500`, name: 'Broken feed' });
    await add(ada, { kind: 'feed', url: `${fixtures.url}/bad/not-xml`, name: 'Not a feed' });
    await add(ada, { kind: 'feed', url: `${fixtures.url}/bad/to-metadata`, name: 'Sneaky redirect' });
    await add(ada, {
      kind: 'feed',
      url: `${fixtures.url}/private/feed.rss`,
      name: 'Robots say no',
      master_account_id: 'acc_walmart_com',
    });
    const dup = await call(ada, 'POST', '/api/signal-sources', {
      kind: 'feed',
      url: `${fixtures.url}/feeds/walmart.rss`,
    });
    expect(dup.json().error.message).toMatch(/already watched/);
    // The same feed with tracking parameters or a fragment is the same feed, refused naming the url field.
    for (const url of [
      `${fixtures.url}/feeds/walmart.rss?utm_source=x`,
      `${fixtures.url}/feeds/walmart.rss?fbclid=abc&utm_medium=social#latest`,
      `${fixtures.url}/feeds/walmart.rss#top`,
    ]) {
      const tracked = await call(ada, 'POST', '/api/signal-sources', { kind: 'feed', url });
      expect(tracked.statusCode, url).toBe(400);
      expect(tracked.json().error.message, url).toBe('url: This source is already watched');
      expect(tracked.json().error.details.fields, url).toEqual([
        expect.objectContaining({ field: 'url', reason: 'taken' }),
      ]);
    }
    // Two admins adding one new feed at the same instant: one is added, the other told it is
    // watched (both pass the look-up before either writes; the unique index decides).
    const raced = await Promise.all(
      [1, 2].map(() =>
        call(ada, 'POST', '/api/signal-sources', { kind: 'feed', url: `${fixtures.url}/feeds/raced.rss` }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(raced.find((r) => r.statusCode === 400)?.json().error.message).toBe('url: This source is already watched');
    const racedId = raced.find((r) => r.statusCode === 201)?.json().id;
    expect((await call(ada, 'DELETE', `/api/signal-sources/${racedId}`)).statusCode).toBe(204);
    // A parameter that changes what the feed says is another feed.
    const other = await add(ada, { kind: 'feed', url: `${fixtures.url}/feeds/walmart.rss?category=stores` });
    expect((await call(ada, 'DELETE', `/api/signal-sources/${other.id}`)).statusCode).toBe(204);
    const board = await add(ada, { kind: 'lever', board_token: 'acme-corp' });
    // The board's URL is its kind's posting API (configured: the fixture server's here).
    expect(board.url).toBe(`${fixtures.url}/boards/lever/acme-corp`);
    await call(ada, 'PATCH', `/api/signal-sources/${board.id}`, { status: 'paused' });
  });

  it("another tenant's source is 404", async () => {
    expect((await call(gail, 'PATCH', `/api/signal-sources/${newsroom.id}`, { status: 'paused' })).statusCode).toBe(
      404,
    );
    expect((await call(gail, 'DELETE', `/api/signal-sources/${newsroom.id}`)).statusCode).toBe(404);
    expect([...(await sources(gail)).keys()]).not.toContain('Walmart Newsroom');
  });

  it('a sweep brings new items as signals, credited and linked, with a near-duplicate merged', async () => {
    await sweep(ada);
    const walmart = await signalsOf('acc_walmart_com');
    const live = walmart.filter((s) => s.id.startsWith('sig_'));
    const acquisition = live.filter((s) => /grocery delivery start-up/.test(s.title));
    // The newsroom's story and the wire's reworded copy (another URL) are one signal with two sources.
    expect(acquisition).toHaveLength(1);
    expect(acquisition[0]?.source).toBe('Walmart Newsroom · Example Wire: Business');
    expect(acquisition[0]?.url).toContain('/news/walmart-acquires-delivery');
    // Live signals come first on the account page: they are today's.
    expect(walmart[0]?.id.startsWith('sig_')).toBe(true);
    // Job boards: one posting each.
    expect(
      live
        .filter((s) => s.type === 'job_posting')
        .map((s) => s.source)
        .sort(),
    ).toEqual(['Walmart Ashby', 'Walmart Lever', 'Walmart careers']);
    // Script in an item is gone; its malformed date is kept as the fetch time.
    const cfo = live.find((s) => /CFO/.test(s.title));
    expect(cfo?.title).not.toMatch(/script|alert/);
    expect(cfo?.text).toBe('Walmart named a new chief financial officer.');
    expect(Date.now() - Date.parse(cfo?.published_at ?? '')).toBeLessThan(3_600_000);
    // A general feed links a story to the accounts it names; "target" and "apple" as words name no one.
    expect((await signalsOf('acc_exxonmobil_com')).some((s) => /Permian/.test(s.title))).toBe(true);
    expect((await signalsOf('acc_target_com')).some((s) => /holiday spending/.test(s.title))).toBe(false);
    expect((await signalsOf('acc_apple_com')).some((s) => /holiday spending/.test(s.title))).toBe(false);
    expect((await signalsOf('acc_apple_com')).some((s) => s.title === 'Apple Inc. opens café research lab')).toBe(true);

    const health = await sources(ada);
    expect(health.get('Walmart Newsroom')).toMatchObject({ status: 'active', items_found: 3, last_error: null });
    expect(health.get('Example Wire: Business')?.items_found).toBe(2);
    expect(health.get('Not a feed')?.last_error).toMatch(/not XML/);
    // One failed read is shown with its error; the source stays active until it fails repeatedly.
    expect(health.get('Sneaky redirect')).toMatchObject({ status: 'active', failure_count: 1 });
    expect(health.get('Broken feed')).toMatchObject({ status: 'active', failure_count: 1, last_error: 'HTTP 500' });
    expect(health.get('Not a feed')).toMatchObject({ status: 'active', failure_count: 1 });
    expect(health.get('Sneaky redirect')?.last_error).toMatch(/169\.254\.169\.254 is not a public address/);
    expect(health.get('Robots say no')?.last_error).toMatch(/robots\.txt/);
    // Each failure also comes as a code with its parameters, which the web says in the reader's language.
    expect(health.get('Walmart Newsroom')?.last_error_reason).toBeNull();
    expect(health.get('Not a feed')?.last_error_reason).toEqual({ code: 'not_xml', params: {} });
    expect(health.get('Sneaky redirect')?.last_error_reason).toEqual({
      code: 'address_refused',
      params: { host: '169.254.169.254' },
    });
    expect(health.get('Robots say no')?.last_error_reason).toMatchObject({ code: 'robots_disallowed' });
    expect(fixtures.hits.get('/private/feed.rss') ?? 0).toBe(0);
    expect(health.get('lever: acme-corp')?.fetch_count).toBe(0);
  });

  it('the second sweep is conditional: unchanged feeds answer 304 and nothing is written twice', async () => {
    const before = (await signalsOf('acc_walmart_com')).length;
    // "Read all sources now" shows its progress: the sweep waits with the sources due, then is done.
    const idle = (await call(ada, 'GET', '/api/signal-sources')).json();
    expect(idle.sweep).toEqual({ state: 'idle', due: 0 });
    await acrossTenants(t.handle.db)
      .updateTable('signal_sources')
      .set({ next_fetch_at: '2000-01-01T00:00:00.000Z' })
      .where('tenant_id', '=', 'tnt_acme')
      .where('status', '!=', 'paused')
      .execute();
    const active = (await sourcesOf(ada)).filter((s) => s.status !== 'paused').length;
    expect((await call(ada, 'POST', '/api/signal-sources/sweep')).statusCode).toBe(202);
    expect((await call(ada, 'GET', '/api/signal-sources')).json().sweep).toEqual({ state: 'queued', due: active });
    await t.app.jobRunner.drain();
    expect((await call(ada, 'GET', '/api/signal-sources')).json().sweep.state).toBe('idle');
    const health = await sources(ada);
    expect(health.get('Walmart Newsroom')).toMatchObject({
      not_modified_count: 1,
      last_items_found: 0,
      fetch_count: 2,
    });
    expect(health.get('Example Wire: Business')?.last_items_found).toBe(0);
    // Twice in a row: still active, its error shown.
    expect(health.get('Broken feed')).toMatchObject({ status: 'active', failure_count: 2, last_error: 'HTTP 500' });
    expect((await signalsOf('acc_walmart_com')).length).toBe(before);
  });

  it('a source failing three times in a row backs off, is marked failing, and resumes when its admin asks', async () => {
    await sweep(ada);
    const broken = (await sources(ada)).get('Broken feed') as SignalSource;
    expect(broken).toMatchObject({
      status: 'failing',
      failure_count: 3,
      last_error: 'HTTP 500',
      last_error_reason: { code: 'http_status', params: { status: 500 } },
    });
    // Three failures in a row: the hourly interval doubled twice.
    expect(Date.parse(broken.next_fetch_at) - Date.parse(broken.last_fetch_at ?? '')).toBe(4 * 3_600_000);
    const resumed = (
      await call(ada, 'PATCH', `/api/signal-sources/${broken.id}`, { status: 'active' })
    ).json() as SignalSource;
    expect(resumed).toMatchObject({ status: 'active', failure_count: 0, last_error: null, last_error_reason: null });
    expect((await call(ada, 'DELETE', `/api/signal-sources/${broken.id}`)).statusCode).toBe(204);
    expect((await sources(ada)).has('Broken feed')).toBe(false);
  });

  it("discovers an account's feed from its home page", async () => {
    const res = await call(ada, 'POST', '/api/signal-sources/discover', { master_account_id: HOME_ACCOUNT });
    expect(res.statusCode, res.body).toBe(200);
    // The newsroom feed is already watched (for Walmart): nothing new; another tenant finds it.
    expect(res.json()).toMatchObject({ added: [], reason: null });
    const globex = (
      await call(gail, 'POST', '/api/signal-sources/discover', { master_account_id: HOME_ACCOUNT })
    ).json();
    expect(globex.added).toHaveLength(1);
    expect(globex.added[0]).toMatchObject({
      kind: 'feed',
      discovered: true,
      account_name: 'Homepage Holdings',
      url: `${fixtures.url}/feeds/walmart.rss`,
    });
    await call(gail, 'DELETE', `/api/signal-sources/${globex.added[0].id}`);
  });

  it('an 8-K acquisition becomes a Value Match for a tenant whose trigger says "acquisition"', async () => {
    const before = await acrossTenants(t.handle.db)
      .selectFrom('value_matches')
      .select(['tier'])
      .where('tenant_id', '=', 'tnt_globex')
      .where('master_account_id', '=', SEC_ACCOUNT)
      .executeTakeFirst();
    expect(before?.tier ?? 'none').toBe('none');
    await add(gail, {
      kind: 'sec',
      url: `${fixtures.url}/edgar/999999?company=FIXTURE%20DYNAMICS`,
      name: 'SEC: Fixture Dynamics',
      master_account_id: SEC_ACCOUNT,
    });
    // Globex requires a digital footprint (its qualification requirement): the company's job board shows one.
    await add(gail, {
      kind: 'greenhouse',
      url: `${fixtures.url}/boards/greenhouse/fixturedynamics`,
      name: 'Fixture Dynamics careers',
      master_account_id: SEC_ACCOUNT,
    });
    await sweep(gail);
    const filings = await signalsOf(SEC_ACCOUNT, gail);
    expect(filings.map((s) => s.title)).toContain(
      '8-K FIXTURE DYNAMICS: Completion of Acquisition or Disposition of Assets',
    );
    const match = await acrossTenants(t.handle.db)
      .selectFrom('value_matches')
      .select(['tier', 'result'])
      .where('tenant_id', '=', 'tnt_globex')
      .where('master_account_id', '=', SEC_ACCOUNT)
      .executeTakeFirst();
    expect(match?.tier).not.toBe('none');
    // The filing is the evidence: its hit carries the trigger and counts toward the match.
    const result = JSON.parse(match?.result ?? '{}') as {
      hits: { title: string; score: number; triggers: unknown[] }[];
    };
    const filing = result.hits.find((h) => /Completion of Acquisition/.test(h.title));
    expect(filing?.triggers.length).toBeGreaterThan(0);
    expect(filing?.score).toBeGreaterThan(0);
  });

  it("the scheduler's lists of tenants: those with a source due, those holding accounts", async () => {
    const repository = createSignalsRepository(t.handle.db);
    const now = '2026-06-01T00:00:00.000Z';
    const all = acrossTenants(t.handle.db);
    await all.updateTable('signal_sources').set({ next_fetch_at: '2999-01-01T00:00:00.000Z' }).execute();
    expect(await repository.tenantsDue(now)).toEqual([]);
    await all
      .updateTable('signal_sources')
      .set({ next_fetch_at: '2000-01-01T00:00:00.000Z' })
      .where('tenant_id', '=', 'tnt_globex')
      .execute();
    expect(await repository.tenantsDue(now)).toEqual(['tnt_globex']);
    // A paused source is never due.
    await all.updateTable('signal_sources').set({ status: 'paused' }).where('tenant_id', '=', 'tnt_globex').execute();
    expect(await repository.tenantsDue(now)).toEqual([]);

    await all.deleteFrom('territory_accounts').where('tenant_id', '=', 'tnt_acme').execute();
    expect(await repository.tenantsHoldingAccounts()).not.toContain('tnt_acme');
    await all
      .insertInto('territory_accounts')
      .values({ tenant_id: 'tnt_acme', user_id: 'u_ada', master_account_id: HOME_ACCOUNT, added_at: now })
      .execute();
    expect(await repository.tenantsHoldingAccounts()).toContain('tnt_acme');
  });
});
