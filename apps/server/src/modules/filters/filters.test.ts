import { DAY_MS, FILTER_DEPTH_MESSAGE, type FilterCondition, type FilterGroup } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let rita: string;
let raj: string;
let gus: string;
let ritaUid: string;

const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString();

const account = (id: string, name: string, extra: Record<string, unknown>) => ({
  master_account_id: id,
  account_name: name,
  website: `${id}.example`,
  logo_url: null,
  industry: null,
  sector: null,
  employees: null,
  revenue: null,
  location: null,
  description: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const hit = (id: string, accountId: string, type: string, published_at: string) => ({
  id,
  master_account_id: accountId,
  type,
  title: id,
  text: id,
  url: null,
  source: 'Wikinews',
  published_at,
});

const condition = (field: FilterCondition['field'], values: string[], days_ago: number | null = null) => ({
  field,
  complex: false as const,
  type: 'text' as const,
  values,
  operator: 'IN' as const,
  days_ago,
});
const group = (values: FilterGroup['values'], operator: 'AND' | 'OR' = 'AND'): FilterGroup => ({
  complex: true,
  values,
  operator,
  days_ago: null,
});

beforeAll(async () => {
  t = await createTestApp();
  const retail = { industry: 'General Merchandisers', sector: 'Retailing' };
  const banks = { industry: 'Commercial Banks', sector: 'Financials' };
  await t.handle.db
    .insertInto('master_accounts')
    .values([
      account('acc_walmart', 'Walmart', { ...retail, employees: 2_200_000, location: 'Bentonville, Ark.' }),
      account('acc_target', 'Target', { ...retail, employees: 5_000, location: 'Minneapolis, Minn.' }),
      account('acc_wells', 'Wells Fargo', { ...banks, employees: 50_000, location: 'San Francisco, Calif.' }),
      account('acc_tiny', 'Tiny Bank', { ...banks, employees: 500, location: 'Sioux Falls, S.D.' }),
      account('acc_pct', 'Percent Co', { industry: 'Apparel', employees: 1_000, location: '100%_Town' }),
      account('acc_unknown', 'Unknown Inc', {}),
    ])
    .execute();
  await t.handle.db
    .insertInto('master_hits')
    .values([
      hit('h_walmart_news', 'acc_walmart', 'news_article', daysAgo(3)),
      hit('h_wells_news', 'acc_wells', 'news_article', daysAgo(60)),
      // A date-only signal, as some sources give them, still counts on the boundary day.
      hit('h_tiny_news', 'acc_tiny', 'news_article', daysAgo(400).slice(0, 10)),
      hit('h_target_job', 'acc_target', 'job_posting', daysAgo(2)),
    ])
    .execute();
  [rita, raj, gus] = await Promise.all([
    t.signIn('rita@acme.test'),
    t.signIn('raj@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
  ritaUid = await t.uidOf('rita@acme.test');
  const added = await send(raj, 'POST', '/api/territory', { master_account_ids: ['acc_wells', 'acc_tiny'] });
  expect(added.json().added).toBe(2);
  await send(gus, 'POST', '/api/territory', { master_account_ids: ['acc_walmart'] });
});
afterAll(() => t?.close());

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (cookie: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const storedFilters = async () =>
  Number(
    (
      await t.handle.db
        .selectFrom('saved_filters')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** A filter that filters something: one condition, unless the test sends its own. */
const retailing = () => group([condition('industry', ['Retailing'])]);
const createFilter = async (cookie: string, body: Record<string, unknown>) => {
  const res = await send(cookie, 'POST', '/api/filters', { filter: retailing(), ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
};

describe('saved filters', () => {
  it('refuses a missing or blank name with "Filter name is required" and stores nothing', async () => {
    const before = await storedFilters();
    for (const name of [undefined, '', '   ']) {
      const res = await send(rita, 'POST', '/api/filters', { name, filter: retailing() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('name: Filter name is required');
    }
    expect(await storedFilters()).toBe(before);
  });

  it('saves a filter private by default, owned by its creator, with the filter as sent', async () => {
    const filter = group([
      condition('industry', ['Commercial Banks']),
      group([condition('news_article', [], 7)], 'OR'),
    ]);
    const created = await createFilter(rita, { name: '  Banks with news ', filter, sort: 'account_name:asc' });
    expect(created).toMatchObject({
      name: 'Banks with news',
      description: '',
      filter,
      sort: 'account_name:asc',
      private: true,
      created_by: ritaUid,
      updated_by: ritaUid,
    });
    expect(created.created).toBe(created.updated);
    expect((await get(rita, `/api/filters/${created.id}`)).json()).toEqual(created);
  });

  it('hides a private filter from a colleague and from another tenant with 404, and they cannot change it', async () => {
    const mine = await createFilter(rita, { name: 'My secret list' });
    for (const other of [raj, gus]) {
      expect((await get(other, `/api/filters/${mine.id}`)).statusCode).toBe(404);
      expect((await send(other, 'PATCH', `/api/filters/${mine.id}`, { name: 'Taken' })).statusCode).toBe(404);
      expect((await send(other, 'DELETE', `/api/filters/${mine.id}`)).statusCode).toBe(404);
      const listed = (await get(other, '/api/filters')).json().filters.map((f: { id: string }) => f.id);
      expect(listed).not.toContain(mine.id);
    }
    expect((await get(rita, `/api/filters/${mine.id}`)).json().name).toBe('My secret list');
  });

  it('shows a public filter to a colleague, who gets 403 on edit or delete and changes nothing', async () => {
    const shared = await createFilter(rita, { name: 'Team banks', private: false, description: 'For the team' });
    const seen = await get(raj, `/api/filters/${shared.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual(shared);
    expect((await get(raj, '/api/filters')).json().filters.map((f: { id: string }) => f.id)).toContain(shared.id);

    const edit = await send(raj, 'PATCH', `/api/filters/${shared.id}`, { name: 'Raj was here', private: true });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.code).toBe('forbidden');
    const remove = await send(raj, 'DELETE', `/api/filters/${shared.id}`);
    expect(remove.statusCode).toBe(403);
    expect((await get(rita, `/api/filters/${shared.id}`)).json()).toEqual(shared);
  });

  it("answers 404 for another tenant's public filter, and leaves it alone", async () => {
    const theirs = await createFilter(gus, { name: 'Globex public', private: false });
    expect((await get(rita, `/api/filters/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(rita, 'PATCH', `/api/filters/${theirs.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await send(rita, 'DELETE', `/api/filters/${theirs.id}`)).statusCode).toBe(404);
    expect((await get(rita, '/api/filters')).json().filters.map((f: { id: string }) => f.id)).not.toContain(theirs.id);
    expect((await get(gus, `/api/filters/${theirs.id}`)).json()).toEqual(theirs);
  });

  it('lists my filters and my colleagues\u2019 public ones, sorted by name', async () => {
    const names = (await get(raj, '/api/filters')).json().filters.map((f: { name: string }) => f.name);
    await createFilter(raj, { name: 'aardvark accounts' });
    const after = (await get(raj, '/api/filters')).json().filters.map((f: { name: string }) => f.name);
    expect(after).toEqual(['aardvark accounts', ...names]);
    expect(after).toEqual([...after].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(after).not.toContain('My secret list');
  });

  it('lets the owner change only the fields sent, then delete the filter', async () => {
    const created = await createFilter(rita, { name: 'Draft', description: 'keep me', sort: 'employees:desc' });
    const filter = group([condition('territory_list_id', ['mine'])]);
    const res = await send(rita, 'PATCH', `/api/filters/${created.id}`, { name: 'Final', private: false, filter });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      name: 'Final',
      description: 'keep me',
      sort: 'employees:desc',
      private: false,
      filter,
      created: created.created,
      updated_by: ritaUid,
    });
    expect((await get(raj, `/api/filters/${created.id}`)).json().name).toBe('Final');

    const removed = await send(rita, 'DELETE', `/api/filters/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await get(rita, `/api/filters/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses a filter without any condition, on create and on update, and changes nothing', async () => {
    const before = await storedFilters();
    const res = await send(rita, 'POST', '/api/filters', { name: 'Nothing chosen', filter: group([]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('filter: Add at least one condition');
    expect(await storedFilters()).toBe(before);

    const created = await createFilter(rita, { name: 'Keeps its condition' });
    const emptied = await send(rita, 'PATCH', `/api/filters/${created.id}`, { filter: group([]) });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().error.message).toBe('filter: Add at least one condition');
    expect((await get(rita, `/api/filters/${created.id}`)).json().filter).toEqual(retailing());
  });

  it('refuses a name the owner already uses (ignoring case) with 409 naming name; a colleague may use it', async () => {
    await createFilter(rita, { name: 'Food retail' });
    const before = await storedFilters();
    const again = await send(rita, 'POST', '/api/filters', { name: 'FOOD RETAIL', filter: retailing() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('name: You already have a filter with this name');
    expect(await storedFilters()).toBe(before);

    const other = await createFilter(rita, { name: 'Food wholesale' });
    const renamed = await send(rita, 'PATCH', `/api/filters/${other.id}`, { name: 'Food retail' });
    expect(renamed.statusCode).toBe(409);
    expect((await get(rita, `/api/filters/${other.id}`)).json().name).toBe('Food wholesale');
    // Saving a filter under its own name, and a colleague's filter of the same name, are fine.
    expect((await send(rita, 'PATCH', `/api/filters/${other.id}`, { name: 'Food wholesale' })).statusCode).toBe(200);
    await createFilter(raj, { name: 'Food retail' });
  });

  it('refuses a blank name on update too', async () => {
    const created = await createFilter(rita, { name: 'Keep this name' });
    const res = await send(rita, 'PATCH', `/api/filters/${created.id}`, { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('name: Filter name is required');
    expect((await get(rita, `/api/filters/${created.id}`)).json().name).toBe('Keep this name');
  });

  it('refuses unknown fields, including a tenant, with 400', async () => {
    const before = await storedFilters();
    const top = await send(rita, 'POST', '/api/filters', { name: 'X', filter: retailing(), tenant_id: 'tnt_globex' });
    expect(top.statusCode).toBe(400);
    expect(top.json().error.message).toBe('tenant_id: Unknown field');
    const nested = await send(rita, 'POST', '/api/filters', {
      name: 'X',
      filter: group([{ ...condition('industry', ['Retailing']), sql: '1=1' } as FilterCondition]),
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.message).toBe('filter.values.0.sql: Unknown field');
    expect(await storedFilters()).toBe(before);
  });

  it('refuses groups nested more than four deep with 400 naming the group', async () => {
    const nest = (levels: number): FilterGroup => (levels === 1 ? retailing() : group([nest(levels - 1)]));
    expect((await send(rita, 'POST', '/api/filters', { name: 'Four', filter: nest(4) })).statusCode).toBe(201);
    const res = await send(rita, 'POST', '/api/filters', { name: 'Five', filter: nest(5) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`filter.values.0.values.0.values.0.values.0: ${FILTER_DEPTH_MESSAGE}`);
  });

  it('refuses a hostile, very deeply nested filter with 400', async () => {
    const levels = 20_000;
    // Built as text: serialising so deep an object would exhaust the test's own stack.
    const filter = `${'{"complex":true,"values":['.repeat(levels)}${']}'.repeat(levels)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/query',
      headers: { cookie: rita, 'content-type': 'application/json' },
      payload: `{"filter":${filter}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(FILTER_DEPTH_MESSAGE);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/filters' })).statusCode).toBe(401);
  });
});

describe('accounts query', () => {
  const query = async (cookie: string, body: Record<string, unknown>) => {
    const res = await send(cookie, 'POST', '/api/accounts/query', body);
    expect(res.statusCode).toBe(200);
    return res.json() as { rows: { master_account_id: string }[]; total: number };
  };
  const ids = async (cookie: string, filter: FilterGroup, extra: Record<string, unknown> = {}) =>
    (await query(cookie, { filter, ...extra })).rows.map((r) => r.master_account_id).sort();

  it('answers every account for the empty filter, paged and sorted with nulls last', async () => {
    const first = await query(rita, { sort: 'employees', direction: 'desc', page_size: 4 });
    expect(first.total).toBe(6);
    expect(first.rows.map((r) => r.master_account_id)).toEqual(['acc_walmart', 'acc_wells', 'acc_target', 'acc_pct']);
    const second = await query(rita, { sort: 'employees', direction: 'desc', page_size: 4, page: 2 });
    expect(second.rows.map((r) => r.master_account_id)).toEqual(['acc_tiny', 'acc_unknown']);
    const bySignal = await query(rita, { sort: 'latest_signal_at', direction: 'desc', page_size: 1 });
    expect(bySignal.rows[0]).toMatchObject({ master_account_id: 'acc_target' });
  });

  it('matches industry IN the chosen values', async () => {
    expect(await ids(rita, group([condition('industry', ['Commercial Banks', 'Apparel'])]))).toEqual([
      'acc_pct',
      'acc_tiny',
      'acc_wells',
    ]);
    expect(await ids(rita, group([condition('sector', ['Retailing'])]))).toEqual(['acc_target', 'acc_walmart']);
  });

  it('matches industry and sector whatever the case typed ("general merchandisers")', async () => {
    expect(await ids(rita, group([condition('industry', ['general merchandisers'])]))).toEqual([
      'acc_target',
      'acc_walmart',
    ]);
    expect(await ids(rita, group([condition('sector', [' FINANCIALS '])]))).toEqual(['acc_tiny', 'acc_wells']);
    expect(await ids(rita, group([condition('industry', ['general'])]))).toEqual([]);
  });

  it('offers the industries and sectors found in the accounts, sorted, for the pick-lists', async () => {
    const industries = await get(rita, '/api/filters/values/industry');
    expect(industries.json()).toEqual({ values: ['Apparel', 'Commercial Banks', 'General Merchandisers'] });
    expect((await get(rita, '/api/filters/values/sector')).json()).toEqual({
      values: ['Financials', 'Retailing'],
    });
    expect((await get(rita, '/api/filters/values/location')).statusCode).toBe(400);
  });

  it('matches employee ranges inclusive of their bounds', async () => {
    expect(await ids(rita, group([condition('employees', ['1-1000'])]))).toEqual(['acc_pct', 'acc_tiny']);
    expect(await ids(rita, group([condition('employees', ['1001-10000', '10001-100000'])]))).toEqual([
      'acc_target',
      'acc_wells',
    ]);
    expect(await ids(rita, group([condition('employees', ['100001+'])]))).toEqual(['acc_walmart']);
  });

  it('matches locations as case-insensitive substrings, wildcards taken literally', async () => {
    expect(await ids(rita, group([condition('location', ['FALLS', 'minn'])]))).toEqual(['acc_target', 'acc_tiny']);
    expect(await ids(rita, group([condition('location', ['%'])]))).toEqual(['acc_pct']);
    expect(await ids(rita, group([condition('location', ['%_t'])]))).toEqual(['acc_pct']);
    expect(await ids(rita, group([condition('location', ['_'])]))).toEqual(['acc_pct']);
  });

  it('finds a US state by its full name, as the data abbreviates it ("Minnesota" finds "Minn.")', async () => {
    expect(await ids(rita, group([condition('location', ['Minnesota'])]))).toEqual(['acc_target']);
    expect(await ids(rita, group([condition('location', ['south  dakota'])]))).toEqual(['acc_tiny']);
    expect(await ids(rita, group([condition('location', ['Minnesota', 'South Dakota'])]))).toEqual([
      'acc_target',
      'acc_tiny',
    ]);
  });

  it('matches news and job postings within N days, in the builder form and the rewritten form', async () => {
    expect(await ids(rita, group([condition('news_article', [], 7)]))).toEqual(['acc_walmart']);
    expect(await ids(rita, group([condition('news_article', [], 90)]))).toEqual(['acc_walmart', 'acc_wells']);
    expect(await ids(rita, group([condition('news_article', [], 400)]))).toEqual([
      'acc_tiny',
      'acc_walmart',
      'acc_wells',
    ]);
    expect(await ids(rita, group([condition('news_article', [])]))).toEqual(['acc_tiny', 'acc_walmart', 'acc_wells']);
    expect(await ids(rita, group([condition('job_posting', [], 7)]))).toEqual(['acc_target']);
    expect(await ids(rita, group([condition('master_hit_id', ['news_article'], 7)]))).toEqual(['acc_walmart']);
  });

  it('matches membership of my own territory only, from the session', async () => {
    const inTerritory = group([condition('territory_list_id', ['mine'])]);
    expect(await ids(raj, inTerritory)).toEqual(['acc_tiny', 'acc_wells']);
    expect(await ids(raj, group([condition('list_id', ['mine'])]))).toEqual(['acc_tiny', 'acc_wells']);
    expect(await ids(rita, inTerritory)).toEqual([]);
    expect(await ids(gus, inTerritory)).toEqual(['acc_walmart']);
  });

  it('narrows to my territory with scope "territory"', async () => {
    expect(await ids(raj, group([]), { scope: 'territory' })).toEqual(['acc_tiny', 'acc_wells']);
    expect(await ids(raj, group([condition('employees', ['1-1000'])]), { scope: 'territory' })).toEqual(['acc_tiny']);
    expect((await query(rita, { scope: 'territory' })).total).toBe(0);
  });

  it('combines a nested OR inside an AND', async () => {
    const filter = group([
      condition('industry', ['General Merchandisers', 'Commercial Banks']),
      group([condition('employees', ['100001+']), condition('location', ['falls'])], 'OR'),
    ]);
    expect(await ids(rita, filter)).toEqual(['acc_tiny', 'acc_walmart']);
    const deeper = group([
      group([condition('sector', ['Financials']), group([condition('news_article', [], 90)], 'OR')], 'AND'),
    ]);
    expect(await ids(rita, deeper)).toEqual(['acc_wells']);
  });

  it('lets a condition with nothing chosen restrict nothing, even inside an OR', async () => {
    const filter = group([condition('industry', []), condition('sector', ['Retailing'])], 'OR');
    expect(await ids(rita, filter)).toEqual(['acc_target', 'acc_walmart']);
  });

  it('refuses unknown fields, values and sorts with 400', async () => {
    for (const body of [
      { filter: group([condition('employees', ['5-10'])]) },
      { filter: group([condition('list_id', ['someone-else'])]) },
      { filter: { ...group([]), field: 'industry' } },
      { filter: group([{ ...condition('industry', []), field: 'password' } as unknown as FilterCondition]) },
      { sort: 'password' },
      { page_size: 101 },
      { tenant_id: 'tnt_globex' },
    ]) {
      expect((await send(rita, 'POST', '/api/accounts/query', body)).statusCode).toBe(400);
    }
  });
});
