import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSampleAccounts } from '../../testing/sample-accounts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// My Accounts (the spec's territory): moved here from accounts.test.ts with its module (#14).
let t: TestApp;
let rita: string;
let raj: string;
let gus: string;

beforeAll(async () => {
  t = await createTestApp();
  await insertSampleAccounts(t.handle.db);
  [rita, raj, gus] = await Promise.all([
    t.signIn('rita@acme.test'),
    t.signIn('raj@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
});
afterAll(() => t?.close());

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
/** The ids of Raj's accounts whose name filter `q` finds. */
const names = async (q: string) =>
  (await get(raj, `/api/territory?q=${encodeURIComponent(q)}`))
    .json()
    .rows.map((r: { master_account_id: string }) => r.master_account_id);
const send = (cookie: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });

describe('My Accounts (territory)', () => {
  it('adds accounts to my territory only, reports unknown ids, and lists them sorted and paged', async () => {
    const added = await send(raj, 'POST', '/api/territory', {
      master_account_ids: ['acc_walmart', 'acc_exxon', 'acc_wells', 'acc_unknown'],
    });
    expect(added.json()).toEqual({ added: 3, unknown: ['acc_unknown'] });
    const page = (await get(raj, '/api/territory?sort=account_name&direction=desc&page_size=2')).json();
    expect(page.total).toBe(3);
    expect(page.rows.map((r: { account_name: string }) => r.account_name)).toEqual(['Wells Fargo', 'Walmart']);
    const second = (await get(raj, '/api/territory?sort=account_name&direction=desc&page_size=2&page=2')).json();
    expect(second.rows.map((r: { account_name: string }) => r.account_name)).toEqual(['Exxon Mobil']);
    const bySignal = (await get(raj, '/api/territory?sort=latest_signal_at&direction=desc')).json();
    expect(bySignal.rows[0]).toMatchObject({ master_account_id: 'acc_walmart', latest_signal_at: '2026-10-01' });
    const filtered = (await get(raj, '/api/territory?q=FARGO')).json();
    expect(filtered.rows.map((r: { master_account_id: string }) => r.master_account_id)).toEqual(['acc_wells']);
    expect((await get(rita, '/api/territory')).json().total).toBe(0);
    expect((await get(gus, '/api/territory')).json().total).toBe(0);
    expect((await get(raj, '/api/accounts/acc_walmart')).json().in_territory).toBe(true);
  });

  it('answers the ids of every matching account in my territory for "select all"', async () => {
    const res = await send(raj, 'POST', '/api/accounts/query/ids', { scope: 'territory', q: 'w' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ master_account_ids: ['acc_walmart', 'acc_wells'], truncated: false });
    const theirs = await send(gus, 'POST', '/api/accounts/query/ids', { scope: 'territory' });
    expect(theirs.json().master_account_ids).toEqual([]);
  });

  it('finds a name however it is spelt: hyphens, spaces, straight or curly apostrophes', async () => {
    expect(await names('exxon-mobil')).toEqual(['acc_exxon']);
    expect(await names('wal’mart')).toEqual(['acc_walmart']);
    expect(await names("wells' fargo")).toEqual(['acc_wells']);
  });

  it('finds a name typed with accents the data writes without ("estée" finds "Estee Lauder"), in any case', async () => {
    expect(await names('wélls')).toEqual(['acc_wells']);
    expect(await names('ÉXXON')).toEqual(['acc_exxon']);
    expect(await names('wal-mårt')).toEqual(['acc_walmart']);
  });

  it('treats a LIKE wildcard in the filter as plain text', async () => {
    expect((await get(raj, '/api/territory?q=%25')).json().total).toBe(0);
  });

  it('refuses 1000 or more accounts at a time with the cap message and changes nothing', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `acc_${i}`);
    const res = await send(rita, 'POST', '/api/territory', { master_account_ids: ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('master_account_ids: Select fewer than 1000 accounts at a time');
    expect((await get(rita, '/api/territory')).json().total).toBe(0);
  });

  it('removes accounts in bulk', async () => {
    const res = await send(raj, 'DELETE', '/api/territory', { master_account_ids: ['acc_exxon', 'acc_wells'] });
    expect(res.json()).toEqual({ removed: 2 });
    expect((await get(raj, '/api/territory')).json().total).toBe(1);
  });

  it('refuses bad sort fields with 400', async () => {
    expect((await get(raj, '/api/territory?sort=password')).statusCode).toBe(400);
  });
});
