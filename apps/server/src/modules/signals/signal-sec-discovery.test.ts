import type { AccountDetail, SignalReason, SignalSource } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { secFilingsFeedUrl } from '../../adapters/signals/sec.ts';
import { acrossTenants } from '../../db/tenant-scope.ts';
import { closedPort } from '../../testing/closed-port.ts';
import type { SignalFixtureServer } from '../../testing/signal-fixtures.ts';
import { useSignalsTestBed } from '../../testing/signals-test-bed.ts';
import { insertTestAccount } from '../../testing/test-account.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * Issue #18, SEC 8-K discovery over the real database and the fixture server standing for EDGAR
 * (SIGNALS_SEC_BASE_URL): an account is matched to a registrant of the SEC's company list by its
 * exact normalised name (or its website domain), its 8-K feed added as a Discovered source and read
 * at once; near names and names two registrants share find nothing; the list is read at most daily,
 * conditionally; a deleted SEC source is not discovered again; an unreachable SEC is a clear reason.
 */
let t: TestApp;
let fixtures: SignalFixtureServer;
let ada: string;
let gail: string;

const ACCOUNTS = {
  northwind: ['acc_sec_northwind', 'Northwind Traders', null],
  near: ['acc_sec_near', 'Northwind Trading', null],
  short: ['acc_sec_short', 'Northwind', null],
  contoso: ['acc_sec_contoso', 'Contoso', null],
  lakepoint: ['acc_sec_lakepoint', 'Lakepoint', 'lakepointanalytics.com'],
} as const;
const TICKERS = '/files/company_tickers.json';

const { call, sourcesOf } = useSignalsTestBed(async (bed) => {
  ({ t, fixtures } = bed);
  for (const [id, name, website] of Object.values(ACCOUNTS)) {
    await insertTestAccount(t.handle.db, id, name);
    await t.handle.db.updateTable('master_accounts').set({ website }).where('master_account_id', '=', id).execute();
  }
  [ada, gail] = await Promise.all([t.signIn('ada@acme.test'), t.signIn('gail@globex.test')]);
});

const secSources = async (cookie: string) => (await sourcesOf(cookie)).filter((s) => s.kind === 'sec');

async function discoverAll(cookie: string) {
  const res = await call(cookie, 'POST', '/api/signal-sources/discover-all');
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobRunner.drain();
}

/** Every account of the tenant counts as not looked at for a month. */
async function aMonthLater() {
  await acrossTenants(t.handle.db)
    .updateTable('signal_discoveries')
    .set({ checked_at: '2000-01-01T00:00:00.000Z' })
    .execute();
}

async function outcomes(tenantId: string) {
  const rows = await acrossTenants(t.handle.db)
    .selectFrom('signal_discoveries')
    .select(['master_account_id', 'outcome', 'checked_at'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Map(rows.map((r) => [r.master_account_id, r]));
}

describe('SEC 8-K discovery', () => {
  it('an unreachable SEC leaves a clear reason, and the account is looked at again the next day', async () => {
    const port = await closedPort();
    const offline = `http://127.0.0.1:${port}`;
    const real = t.config.signals.sec.baseUrl;
    t.config.signals.sec.baseUrl = offline;
    t.config.signals.allowedHosts.push(`127.0.0.1:${port}`);
    try {
      const res = await call(gail, 'POST', '/api/signal-sources/discover', {
        master_account_id: ACCOUNTS.northwind[0],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { added: SignalSource[]; reason: string; reasons: SignalReason[] };
      expect(body.added).toEqual([]);
      expect(body.reason).toContain(`The SEC company list could not be read (${offline}/files/company_tickers.json)`);
      expect(body.reason).toContain('the site refused the connection (127.0.0.1)');
      // The same as codes, which the web says in the reader's language.
      expect(body.reasons).toContainEqual({ code: 'sec_list_unreadable', params: {} });
      const recorded = (await outcomes('tnt_globex')).get(ACCOUNTS.northwind[0]);
      expect(recorded?.outcome).toContain('The SEC company list could not be read');
      // Looked at "a month less a day ago": the hourly job tries it again the next day, not in a month.
      const age = Date.now() - Date.parse(recorded?.checked_at ?? '');
      expect(age).toBeGreaterThanOrEqual(29 * 86_400_000);
      expect(age).toBeLessThan(29 * 86_400_000 + 3_600_000);
    } finally {
      t.config.signals.sec.baseUrl = real;
    }
  });

  it("adds a US public company's 8-K feed, marked Discovered, read at once into acquisition and executive-change signals", async () => {
    const ids = Object.values(ACCOUNTS).map(([id]) => id);
    const territory = await call(ada, 'POST', '/api/territory', { master_account_ids: ids });
    expect(territory.statusCode, territory.body).toBe(200);
    await discoverAll(ada);

    const found = await secSources(ada);
    expect(found.map((s) => [s.master_account_id, s.url, s.discovered, s.name]).sort()).toEqual([
      [
        ACCOUNTS.lakepoint[0],
        secFilingsFeedUrl(fixtures.url, 1999005),
        true,
        'SEC 8-K filings: LAKEPOINT ANALYTICS CORP (LKPT)',
      ],
      [
        ACCOUNTS.northwind[0],
        secFilingsFeedUrl(fixtures.url, 1999001),
        true,
        'SEC 8-K filings: NORTHWIND TRADERS, INC. (NWTR)',
      ],
    ]);
    // Read at once (the job queued a sweep): the source's health, and its filings on the account page.
    const northwind = found.find((s) => s.master_account_id === ACCOUNTS.northwind[0]) as SignalSource;
    expect(northwind).toMatchObject({ status: 'active', last_error: null, items_found: 2 });
    expect(northwind.last_success_at).not.toBeNull();
    const signals = ((await call(ada, 'GET', `/api/accounts/${ACCOUNTS.northwind[0]}`)).json() as AccountDetail)
      .signals;
    expect(signals.map((s) => s.title)).toEqual(
      expect.arrayContaining([
        '8-K NORTHWIND TRADERS, INC.: Completion of Acquisition or Disposition of Assets',
        '8-K NORTHWIND TRADERS, INC.: Departure or Appointment of Directors or Certain Officers (executive change)',
      ]),
    );
    // The SEC's fair-access rules: every request declares who asks and how to reach them.
    for (const path of [TICKERS, '/cgi-bin/browse-edgar']) {
      expect(fixtures.userAgents.get(path)).toBe(t.config.signals.sec.userAgent);
    }
    expect(t.config.signals.sec.userAgent).toMatch(/^Quarry Signals \S+@\S+$/);
  });

  it('finds nothing for a near name or a name two registrants share, and says why', async () => {
    const looked = await outcomes('tnt_acme');
    for (const account of [ACCOUNTS.near, ACCOUNTS.short]) {
      expect(looked.get(account[0])?.outcome).toBe('The account has no website. No SEC registrant has this name');
    }
    expect(looked.get(ACCOUNTS.contoso[0])?.outcome).toBe(
      'The account has no website. Several SEC registrants are named Contoso',
    );
    const bound = new Set((await secSources(ada)).map((s) => s.master_account_id));
    for (const account of [ACCOUNTS.near, ACCOUNTS.short, ACCOUNTS.contoso]) expect(bound.has(account[0])).toBe(false);
    // Another tenant has found nothing and sees nothing.
    expect(await secSources(gail)).toEqual([]);
  });

  it('reads the company list at most daily, then conditionally', async () => {
    const before = fixtures.hits.get(TICKERS) ?? 0;
    await aMonthLater();
    await discoverAll(ada);
    expect(fixtures.hits.get(TICKERS) ?? 0).toBe(before);
    // A day later the list is asked for again with its ETag, and the SEC answers 304.
    await t.handle.db.updateTable('signal_reference_files').set({ attempted_at: '2000-01-01T00:00:00.000Z' }).execute();
    await aMonthLater();
    await discoverAll(ada);
    expect(fixtures.hits.get(TICKERS)).toBe(before + 1);
    expect(fixtures.notModified.get(TICKERS)).toBe(1);
    // Still matched from the copy kept: nothing new, nothing lost.
    expect((await secSources(ada)).length).toBe(2);
  });

  it('never discovers again an SEC source its admin deleted', async () => {
    const northwind = (await secSources(ada)).find(
      (s) => s.master_account_id === ACCOUNTS.northwind[0],
    ) as SignalSource;
    expect((await call(ada, 'DELETE', `/api/signal-sources/${northwind.id}`)).statusCode).toBe(204);
    await aMonthLater();
    await discoverAll(ada);
    const again = await call(ada, 'POST', '/api/signal-sources/discover', { master_account_id: ACCOUNTS.northwind[0] });
    expect(again.json()).toMatchObject({ added: [] });
    expect((await secSources(ada)).map((s) => s.master_account_id)).toEqual([ACCOUNTS.lakepoint[0]]);
    // Globex never deleted it: discovering on request finds it there.
    const globex = await call(gail, 'POST', '/api/signal-sources/discover', {
      master_account_id: ACCOUNTS.northwind[0],
    });
    expect((globex.json() as { added: SignalSource[] }).added.map((s) => s.kind)).toEqual(['sec']);
  });
});
