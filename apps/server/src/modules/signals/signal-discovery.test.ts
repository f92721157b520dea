import type { AccountDetail, SignalSource } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { findCareersPages, findJobBoards } from '../../adapters/signals/discover.ts';
import { boardUrl } from '../../adapters/signals/parse.ts';
import { acrossTenants } from '../../db/tenant-scope.ts';
import type { SignalFixtureServer } from '../../testing/signal-fixtures.ts';
import { useSignalsTestBed } from '../../testing/signals-test-bed.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * Issue #18, automatic discovery as a durable job, over the real database and the local fixture
 * server: for the accounts of a tenant's territories, the newsroom feed a home page announces and
 * the job boards its careers page links to become sources marked discovered; a refused address is
 * never added; a deleted discovered source is not discovered again; other tenants see none of it.
 */
let t: TestApp;
let fixtures: SignalFixtureServer;
let ada: string;
let rita: string;
let gail: string;
const SITE = 'acc_discovery_site';
const PLAIN = 'acc_discovery_plain';

const { call, sourcesOf } = useSignalsTestBed(async (bed) => {
  ({ t, fixtures } = bed);
  await insertTestAccount(t.handle.db, SITE, 'Disco Instruments');
  await insertTestAccount(t.handle.db, PLAIN, 'Plain Goods');
  for (const [id, website] of [
    [SITE, `${fixtures.url}/site/disco/`],
    [PLAIN, `${fixtures.url}/site/plain/`],
  ] as const) {
    await t.handle.db.updateTable('master_accounts').set({ website }).where('master_account_id', '=', id).execute();
  }
  [ada, rita, gail] = await Promise.all([
    t.signIn('ada@acme.test'),
    t.signIn('rita@acme.test'),
    t.signIn('gail@globex.test'),
  ]);
});

async function discoverAll(cookie: string) {
  const res = await call(cookie, 'POST', '/api/signal-sources/discover-all');
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobRunner.drain();
}

describe('finding boards and careers pages in HTML', () => {
  it('reads board names from links and embeds, and careers links on the same site only', () => {
    const html = `<a href="https://boards.greenhouse.io/embed/job_board?for=acme">x</a>
      <iframe src="https://jobs.lever.co/acme-labs?embed=1"></iframe>
      <a href='https://jobs.ashbyhq.com/Acme'>Jobs</a> <a href="https://boards.greenhouse.io/embed">embed</a>`;
    expect(findJobBoards(html, 'https://acme.example/')).toEqual([
      { kind: 'greenhouse', token: 'acme' },
      { kind: 'lever', token: 'acme-labs' },
      { kind: 'ashby', token: 'acme' },
    ]);
    // By default a board name means the board's public posting API.
    expect(boardUrl('lever', 'acme-corp')).toBe('https://api.lever.co/v0/postings/acme-corp?mode=json');
    expect(boardUrl('greenhouse', 'acme')).toBe('https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true');
    const home = `<a href="/about">About</a><a href="/company/careers#top">Work here</a>
      <a href="https://jobs.acme.example/">Jobs</a><a href="https://elsewhere.example/careers">Other</a>`;
    expect(findCareersPages(home, 'https://www.acme.example/')).toEqual([
      'https://www.acme.example/company/careers',
      'https://jobs.acme.example/',
    ]);
  });
});

describe('automatic discovery of signal sources', () => {
  it("is a job over the tenant's territory accounts: feeds and job boards, marked discovered, then read", async () => {
    expect((await call(rita, 'POST', '/api/signal-sources/discover-all')).statusCode).toBe(403);
    // Day one, no account in a territory or a list: nothing to look at, and the admin is told so.
    const none = await call(ada, 'POST', '/api/signal-sources/discover-all');
    expect(none.statusCode, none.body).toBe(202);
    expect(none.json()).toEqual({ queued: false, has_accounts: false });
    const territory = await call(ada, 'POST', '/api/territory', { master_account_ids: [SITE, PLAIN] });
    expect(territory.statusCode, territory.body).toBe(200);
    await discoverAll(ada);

    const found = (await sourcesOf(ada)).filter((s) => s.master_account_id === SITE);
    expect(found.map((s) => [s.kind, s.url, s.discovered, s.board_token]).sort()).toEqual([
      ['feed', `${fixtures.url}/site/disco/news.rss`, true, null],
      ['greenhouse', `${fixtures.url}/boards/greenhouse/disco`, true, 'disco'],
      ['lever', `${fixtures.url}/boards/lever/disco`, true, 'disco'],
    ]);
    // The feed at the metadata address the home page also announces is never added.
    expect((await sourcesOf(ada)).some((s) => s.url.includes('169.254.169.254'))).toBe(false);
    expect((await sourcesOf(ada)).some((s) => s.master_account_id === PLAIN)).toBe(false);
    const looked = await t.handle.db
      .selectFrom('signal_discoveries')
      .select(['master_account_id', 'found', 'outcome'])
      .where('tenant_id', '=', 'tnt_acme')
      .orderBy('master_account_id')
      .execute();
    expect(looked).toEqual([
      {
        master_account_id: PLAIN,
        found: 0,
        outcome: 'The site announces no feed and links to no job board. No SEC registrant has this name',
      },
      { master_account_id: SITE, found: 3, outcome: null },
    ]);
    // The same outcome as codes, so a reader of another language is not shown the English (#14).
    const coded = await t.handle.db
      .selectFrom('signal_discoveries')
      .select(['master_account_id', 'outcome_reasons'])
      .where('tenant_id', '=', 'tnt_acme')
      .orderBy('master_account_id')
      .execute();
    expect(coded.map((c) => [c.master_account_id, c.outcome_reasons && JSON.parse(c.outcome_reasons)])).toEqual([
      [
        PLAIN,
        [
          { code: 'no_feed_found', params: {} },
          { code: 'sec_name_unknown', params: {} },
        ],
      ],
      [SITE, null],
    ]);
    // New sources are read at once (the job queues a sweep): the newsroom's story is on the account page.
    const signals = ((await call(rita, 'GET', `/api/accounts/${SITE}`)).json() as AccountDetail).signals;
    expect(signals.map((s) => s.title)).toContain('disco opens a new research campus');
    // The sources screen says what discovery did: two websites looked at, one gave three sources.
    const listed = (await call(ada, 'GET', '/api/signal-sources')).json();
    expect(listed.discovery).toMatchObject({
      state: 'idle',
      accounts_checked: 2,
      accounts_with_sources: 1,
      sources_found: 3,
      accounts_unreadable: 0,
    });
    // A website whose home page could not be read is counted as such (offline, every one is).
    await t.handle.db
      .insertInto('signal_discoveries')
      .values({
        tenant_id: 'tnt_acme',
        master_account_id: 'acc_unreadable_example',
        checked_at: new Date().toISOString(),
        found: 0,
        outcome: 'The home page could not be read: ENOTFOUND',
        outcome_reasons: JSON.stringify([{ code: 'home_page_unreadable', params: { cause: 'host_not_found' } }]),
      })
      .execute();
    expect((await call(ada, 'GET', '/api/signal-sources')).json().discovery).toMatchObject({
      accounts_checked: 3,
      accounts_unreadable: 1,
    });
    await t.handle.db
      .deleteFrom('signal_discoveries')
      .where('master_account_id', '=', 'acc_unreadable_example')
      .execute();
    // Another tenant has found nothing and sees nothing.
    expect(await sourcesOf(gail)).toEqual([]);
    expect((await call(gail, 'GET', '/api/signal-sources')).json().discovery).toMatchObject({ accounts_checked: 0 });
    const globex = ((await call(gail, 'GET', `/api/accounts/${SITE}`)).json() as AccountDetail).signals;
    expect(globex).toEqual([]);
  });

  it('lets an admin pause or delete a discovered source; a deleted one is not discovered again', async () => {
    const found = (await sourcesOf(ada)).filter((s) => s.master_account_id === SITE);
    const greenhouse = found.find((s) => s.kind === 'greenhouse') as SignalSource;
    const lever = found.find((s) => s.kind === 'lever') as SignalSource;
    expect((await call(ada, 'DELETE', `/api/signal-sources/${greenhouse.id}`)).statusCode).toBe(204);
    const paused = await call(ada, 'PATCH', `/api/signal-sources/${lever.id}`, { status: 'paused' });
    expect(paused.json()).toMatchObject({ status: 'paused', discovered: true });
    // A month later discovery looks again.
    await acrossTenants(t.handle.db)
      .updateTable('signal_discoveries')
      .set({ checked_at: '2000-01-01T00:00:00.000Z' })
      .execute();
    await discoverAll(ada);
    const again = (await sourcesOf(ada)).filter((s) => s.master_account_id === SITE);
    expect(again.map((s) => [s.kind, s.status]).sort()).toEqual([
      ['feed', 'active'],
      ['lever', 'paused'],
    ]);
    // On demand for one account, too: nothing new.
    const one = await call(ada, 'POST', '/api/signal-sources/discover', { master_account_id: SITE });
    expect(one.json()).toMatchObject({ added: [], reason: null });
  });
});
