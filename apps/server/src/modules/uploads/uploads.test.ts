import crypto from 'node:crypto';
import { UPLOAD_MAX_LINES, type Upload } from '@quarry/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/connection.ts';
import { acrossTenants } from '../../db/tenant-scope.ts';
import { registrableDomain } from '../../lib/registrable-domain.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readEntries } from './uploads.service.ts';

/** Issue #16: Add Accounts by upload over the real database (SQLite, or PostgreSQL with QUARRY_TEST_ENGINE). */

let t: TestApp;
const cookies: Record<string, string> = {};
const uids: Record<string, string> = {};
const EMAILS = {
  rita: 'rita@acme.test',
  raj: 'raj@acme.test',
  mike: 'mike@acme.test',
  ada: 'ada@acme.test',
  gus: 'gus@globex.test',
};
type Person = keyof typeof EMAILS;
const INDUSTRY = 'Uploadtest Industry';
/** Known accounts: upk-0.com … upk-4.com, one of them on bbc-style co.uk. */
const KNOWN = ['upk-0.com', 'upk-1.com', 'upk-2.com', 'upk-3.com', 'upk-4.co.uk'];
const idOfKnown = (i: number) => `acc_uploadtest_${i}`;

async function call(person: Person | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: person ? { cookie: cookies[person] as string } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function upload(person: Person, body: Record<string, unknown>): Promise<Upload> {
  const res = await call(person, 'POST', '/api/uploads', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Upload;
}

async function finished(person: Person, id: string): Promise<Upload> {
  await t.app.jobRunner.drain();
  const res = await call(person, 'GET', `/api/uploads/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Upload;
}

async function territoryIds(uid: string): Promise<string[]> {
  const rows = await t.handle.db
    .selectFrom('territory_accounts')
    .select('master_account_id')
    .where('user_id', '=', uid)
    .execute();
  return rows.map((r) => r.master_account_id).sort();
}

async function makeList(person: Person, name: string): Promise<string> {
  const ws = await call(person, 'POST', '/api/workspaces', { name: `${name} ws`, shared_users: [] });
  expect(ws.statusCode, ws.body).toBe(201);
  const list = await call(person, 'POST', `/api/workspaces/${ws.json().id}/lists`, { name, type: 'accounts' });
  expect(list.statusCode, list.body).toBe(201);
  return list.json().id as string;
}

async function listMemberIds(person: Person, listId: string): Promise<string[]> {
  const res = await call(person, 'GET', `/api/lists/${listId}/members?page_size=100`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rows as { master_account_id: string }[]).map((r) => r.master_account_id).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  await t.handle.db
    .insertInto('master_accounts')
    .values(
      KNOWN.map((website, i) => ({
        master_account_id: idOfKnown(i),
        account_name: `Uploadtest Known ${i}`,
        website,
        website_domain: registrableDomain(website),
        logo_url: null,
        industry: INDUSTRY,
        sector: null,
        employees: 10,
        revenue: null,
        location: null,
        description: null,
        created_at: '2026-01-01T00:00:00.000Z',
      })),
    )
    .execute();
  for (const [person, email] of Object.entries(EMAILS)) {
    cookies[person] = await t.signIn(email);
    uids[person] = await t.uidOf(email);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('WEBSITE upload into My Accounts', () => {
  it('matches known companies by registrable domain, creates unknown ones, and reports every failing line', async () => {
    const lines = [
      'https://www.upk-0.com/about',
      'UPK-1.COM',
      '',
      '   upk-2.com.   ',
      'https://shop.upk-4.co.uk:8443/x',
      'brand-new-upload-co.com',
      'not a domain',
      '=HYPERLINK("http://evil.example")',
      'upk-0.com',
      '<b>bold</b>',
    ].join('\n');
    const created = await upload('rita', { type: 'WEBSITE', input: lines, destination: { type: 'territory' } });
    expect(created.status).toBe('PENDING');
    expect(created).toMatchObject({ line_count: 9, input: '', input_kind: 'lines' });
    expect(created.input_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(created.destination).toMatchObject({ type: 'territory', id: uids.rita });

    const done = await finished('rita', created.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      processed_count: 9,
      added_count: 5,
      already_present_count: 0,
      created_count: 1,
      success_count: 5,
      failures_count: 4,
      not_fitted_count: 0,
    });
    const mine = await territoryIds(uids.rita as string);
    for (const i of [0, 1, 2, 4]) expect(mine).toContain(idOfKnown(i));
    const made = await t.handle.db
      .selectFrom('master_accounts')
      .selectAll()
      .where('website', '=', 'brand-new-upload-co.com')
      .executeTakeFirstOrThrow();
    expect(made).toMatchObject({ account_name: 'Brand New Upload Co', owner_tenant_id: expect.any(String) });
    expect(made.added_by_upload_id).toBe(created.id);
    expect(mine).toContain(made.master_account_id);
    // Its page says an upload made it, which one, when and by whom.
    const page = await call('rita', 'GET', `/api/accounts/${made.master_account_id}`);
    expect(page.json().account.added_by_upload).toEqual({
      upload_id: created.id,
      at: created.created,
      by: 'Rita Rep',
      input: '',
      viewable: true,
    });
    // A colleague without the right to open Rita's upload is told of it, without a link to it.
    const byRaj = await call('raj', 'GET', `/api/accounts/${made.master_account_id}`);
    expect(byRaj.json().account.added_by_upload).toMatchObject({ by: 'Rita Rep', viewable: false });

    const csv = await call('rita', 'GET', `/api/uploads/${created.id}/failures`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const body = csv.body.slice(1);
    expect(body).toContain('line,value,reason,duplicate_of');
    expect(body).toContain('7,not a domain,not_a_domain,');
    // A formula stays text: a leading quote, so a spreadsheet never runs it.
    expect(body).toContain(`8,"'=HYPERLINK(""http://evil.example"")",not_a_domain,`);
    expect(body).toContain('9,upk-0.com,duplicate,1,Same company as line 1');
    expect(body).toContain('10,<b>bold</b>,not_a_domain,,Not a website or domain');

    // The page lists the first failed lines with their reasons, as data it translates.
    const firstLines = await call('rita', 'GET', `/api/uploads/${created.id}/failure-lines`);
    expect(firstLines.statusCode).toBe(200);
    expect(firstLines.json()).toEqual({
      total: 4,
      failures: [
        { line: 7, value: 'not a domain', reason: 'not_a_domain', duplicate_of: null },
        { line: 8, value: '=HYPERLINK("http://evil.example")', reason: 'not_a_domain', duplicate_of: null },
        { line: 9, value: 'upk-0.com', reason: 'duplicate', duplicate_of: 1 },
        { line: 10, value: '<b>bold</b>', reason: 'not_a_domain', duplicate_of: null },
      ],
    });
    // Another company's user gets nothing of it.
    expect((await call('gus', 'GET', `/api/uploads/${created.id}/failure-lines`)).statusCode).toBe(404);
  });

  it("matches a company whose stored website is a subdomain or a full URL by the website's registrable domain", async () => {
    // Stored as the reference data often has them; the exact domain wins over a subdomain sharing it.
    const stored = [
      ['acc_uploadtest_sub', 'investors.upd-ge.com'],
      ['acc_uploadtest_url', 'https://www.upd-hp.com/'],
      ['acc_uploadtest_both_sub', 'careers.upd-both.com'],
      ['acc_uploadtest_both', 'upd-both.com'],
    ] as const;
    await t.handle.db
      .insertInto('master_accounts')
      .values(
        stored.map(([id, website]) => ({
          master_account_id: id,
          account_name: `Uploadtest ${id}`,
          website,
          website_domain: registrableDomain(website),
          logo_url: null,
          industry: 'Uploadtest Stored Forms',
          sector: null,
          employees: 10,
          revenue: null,
          location: null,
          description: null,
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .execute();
    const listId = await makeList('ada', `Domain forms ${crypto.randomUUID()}`);
    const created = await upload('ada', {
      type: 'WEBSITE',
      input: ['https://upd-ge.com/about', 'UPD-HP.COM', 'www.upd-both.com.'].join('\n'),
      destination: { type: 'list', list_id: listId },
    });
    expect(await finished('ada', created.id)).toMatchObject({
      status: 'COMPLETED',
      added_count: 3,
      created_count: 0,
      failures_count: 0,
    });
    expect(await listMemberIds('ada', listId)).toEqual([
      'acc_uploadtest_both',
      'acc_uploadtest_sub',
      'acc_uploadtest_url',
    ]);
  });

  it('counts accounts already in My Accounts once more as already there, adding nothing twice', async () => {
    const first = await upload('raj', { type: 'DOMAIN', input: 'upk-3.com', destination: { type: 'territory' } });
    await finished('raj', first.id);
    const again = await upload('raj', {
      type: 'DOMAIN',
      input: 'upk-3.com\nupk-1.com',
      destination: { type: 'territory' },
    });
    expect(await finished('raj', again.id)).toMatchObject({
      status: 'COMPLETED',
      added_count: 1,
      already_present_count: 1,
      success_count: 2,
      failures_count: 0,
    });
  });

  it('reads a CSV file by its website column, line numbers counting the header', async () => {
    // A row with a company but no website is a failed line, said as such; a row of commas is none.
    const csv = 'Company,Website,Owner\nKnown,upk-2.com,x\nBad,nope,y\n,,\nNo site yet,,z\n';
    const created = await upload('mike', {
      type: 'WEBSITE',
      format: 'csv',
      file_name: 'trade-show.csv',
      input: csv,
      destination: { type: 'territory' },
    });
    expect(created).toMatchObject({ input: 'trade-show.csv', input_kind: 'csv', line_count: 3 });
    const done = await finished('mike', created.id);
    expect(done).toMatchObject({ added_count: 1, failures_count: 2 });
    const failures = await call('mike', 'GET', `/api/uploads/${created.id}/failures`);
    expect(failures.body).toContain('3,nope,not_a_domain,');
    expect(failures.body).toContain('5,,no_value,');
  });

  it('stops at the territory cap: fewer than 1000 accounts at a time, the rest counted as not fitting', async () => {
    const lines = Array.from({ length: 1005 }, (_, i) => `cap-test-${i}.com`).join('\n');
    const created = await upload('ada', { type: 'WEBSITE', input: lines, destination: { type: 'territory' } });
    expect(await finished('ada', created.id)).toMatchObject({
      status: 'COMPLETED',
      added_count: 999,
      not_fitted_count: 6,
      failures_count: 0,
      // Only the accounts that went in are made: one past the cap would be shown nowhere.
      created_count: 999,
    });
    const made = await acrossTenants(t.handle.db)
      .selectFrom('master_accounts')
      .select('website')
      .where('website', 'like', 'cap-test-%')
      .execute();
    expect(made).toHaveLength(999);
  });
});

describe('destinations and types', () => {
  it('adds DOMAIN lines to an account list an admin made', async () => {
    const listId = await makeList('ada', `Upload list ${crypto.randomUUID()}`);
    const created = await upload('ada', {
      type: 'DOMAIN',
      input: 'upk-0.com\nupk-1.com\nnew-list-domain.com',
      destination: { type: 'list', list_id: listId },
    });
    const done = await finished('ada', created.id);
    expect(done).toMatchObject({ status: 'COMPLETED', added_count: 3, created_count: 1, failures_count: 0 });
    const members = await listMemberIds('ada', listId);
    expect(members).toEqual(expect.arrayContaining([idOfKnown(0), idOfKnown(1)]));
    expect(members).toHaveLength(3);
    expect(done.destination).toMatchObject({ type: 'list', id: listId, exists: true, readable: true });
    // A manager sees the upload, but not the list Ada keeps to herself: it is not offered to open.
    const asManager = (await call('mike', 'GET', `/api/uploads/${created.id}`)).json() as Upload;
    expect(asManager.destination).toMatchObject({ exists: true, readable: false });
    const managerHistory = (await call('mike', 'GET', '/api/uploads')).json() as { uploads: Upload[] };
    expect(managerHistory.uploads.find((u) => u.id === created.id)?.destination.readable).toBe(false);
    expect((await call('mike', 'GET', `/api/lists/${listId}`)).statusCode).toBe(404);
    // Deleted afterwards, the list keeps its name in the upload's history, marked as gone.
    expect((await call('ada', 'DELETE', `/api/lists/${listId}`)).statusCode).toBe(204);
    const later = (await call('ada', 'GET', `/api/uploads/${created.id}`)).json() as Upload;
    expect(later.destination).toMatchObject({ type: 'list', id: listId, exists: false, readable: false });
    const history = (await call('ada', 'GET', '/api/uploads')).json() as { uploads: Upload[] };
    expect(history.uploads.find((u) => u.id === created.id)?.destination.exists).toBe(false);
  });

  it('checks that ACCOUNT_ID lines exist', async () => {
    const listId = await makeList('rita', `Ids list ${crypto.randomUUID()}`);
    const created = await upload('rita', {
      type: 'ACCOUNT_ID',
      input: `${idOfKnown(0)}\n${idOfKnown(1)}\nacc_does_not_exist\n${idOfKnown(0)}`,
      destination: { type: 'list', list_id: listId },
    });
    expect(await finished('rita', created.id)).toMatchObject({ added_count: 2, failures_count: 2 });
    const csv = (await call('rita', 'GET', `/api/uploads/${created.id}/failures`)).body;
    expect(csv).toContain('3,acc_does_not_exist,unknown_account,');
    expect(csv).toContain(`4,${idOfKnown(0)},duplicate,1`);
  });

  it('runs a saved FILTER server-side and adds the accounts it matches', async () => {
    const filter = await call('rita', 'POST', '/api/filters', {
      name: `Uploadtest filter ${crypto.randomUUID()}`,
      filter: {
        complex: true,
        operator: 'AND',
        days_ago: null,
        values: [
          { field: 'industry', complex: false, type: 'text', values: [INDUSTRY], operator: 'IN', days_ago: null },
        ],
      },
    });
    expect(filter.statusCode, filter.body).toBe(201);
    const listId = await makeList('rita', `Filter list ${crypto.randomUUID()}`);
    const created = await upload('rita', {
      type: 'FILTER',
      filter_id: filter.json().id,
      destination: { type: 'list', list_id: listId },
    });
    expect(created).toMatchObject({ input: filter.json().name, input_kind: 'filter' });
    expect(await finished('rita', created.id)).toMatchObject({ added_count: KNOWN.length, line_count: KNOWN.length });
    expect(await listMemberIds('rita', listId)).toEqual(KNOWN.map((_, i) => idOfKnown(i)).sort());
  });

  it('FAILS an upload whose list was deleted before it ran, changing nothing', async () => {
    const listId = await makeList('rita', `Gone list ${crypto.randomUUID()}`);
    const created = await upload('rita', {
      type: 'DOMAIN',
      input: 'upk-0.com',
      destination: { type: 'list', list_id: listId },
    });
    expect((await call('rita', 'DELETE', `/api/lists/${listId}`)).statusCode).toBe(204);
    expect(await finished('rita', created.id)).toMatchObject({
      status: 'FAILED',
      error_code: 'destination_gone',
      added_count: 0,
    });
  });
});

describe('bad input changes nothing', () => {
  const count = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['an empty upload', { type: 'WEBSITE', input: ' \n\n  ' }, 'input', 'nothing_to_upload'],
    [
      'more lines than the maximum',
      { type: 'WEBSITE', input: 'a.com\n'.repeat(UPLOAD_MAX_LINES + 1) },
      'input',
      'too_many_items',
    ],
    ['a binary file', { type: 'WEBSITE', input: 'PK\u0003\u0004\u0001binary' }, 'input', 'not_text'],
    [
      'a CSV without a usable column',
      { type: 'WEBSITE', format: 'csv', input: 'name,city\nAcme,Paris' },
      'input',
      'no_usable_column',
    ],
    ['a FILTER without its filter', { type: 'FILTER' }, 'filter_id', undefined],
    ['an unknown type', { type: 'EMAIL', input: 'x' }, 'type', 'invalid_choice'],
  ])('answers 400 naming the field for %s', async (_name, body, field, reason) => {
    const before = await count();
    const res = await call('rita', 'POST', '/api/uploads', { ...body, destination: { type: 'territory' } });
    expect([400, 413]).toContain(res.statusCode);
    if (res.statusCode === 400) expect(res.body).toContain(field);
    // Each refusal of the upload's text carries a reason the web translates in every language.
    if (res.statusCode === 400 && reason) {
      expect(res.json().error.details.fields[0]).toMatchObject({ field, reason });
    }
    expect(await count()).toBe(before);
  });

  it('says the maximum in the message', async () => {
    const res = await call('rita', 'POST', '/api/uploads', {
      type: 'WEBSITE',
      input: 'a.com\n'.repeat(UPLOAD_MAX_LINES + 1),
      destination: { type: 'territory' },
    });
    expect(res.json().error.message).toContain('100,000');
  });

  it('accepts exactly the maximum', async () => {
    const res = await call('rita', 'POST', '/api/uploads', {
      type: 'WEBSITE',
      input: 'upk-0.com\n'.repeat(UPLOAD_MAX_LINES),
      destination: { type: 'list', list_id: await makeList('rita', `Max list ${crypto.randomUUID()}`) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().line_count).toBe(UPLOAD_MAX_LINES);
    // Run to the end here: left queued, its job ran in the next test's drain and took that test past
    // its 30 s limit on PostgreSQL under load (ci23). The same line 100,000 times: one account added.
    expect(await finished('rita', res.json().id)).toMatchObject({
      status: 'COMPLETED',
      added_count: 1,
      failures_count: UPLOAD_MAX_LINES - 1,
    });
  }, 120_000);
});

describe('rights and tenants', () => {
  it("refuses a regular user a colleague's My Accounts (403) and lets a manager fill one", async () => {
    const refused = await call('rita', 'POST', '/api/uploads', {
      type: 'DOMAIN',
      input: 'upk-0.com',
      destination: { type: 'territory', uid: uids.raj },
    });
    expect(refused.statusCode).toBe(403);
    const byManager = await upload('mike', {
      type: 'DOMAIN',
      input: 'upk-4.co.uk',
      destination: { type: 'territory', uid: uids.raj },
    });
    await finished('mike', byManager.id);
    expect(await territoryIds(uids.raj as string)).toContain(idOfKnown(4));
  });

  it("answers 404 for another tenant's user, list and upload", async () => {
    const toUser = await call('ada', 'POST', '/api/uploads', {
      type: 'DOMAIN',
      input: 'upk-0.com',
      destination: { type: 'territory', uid: uids.gus },
    });
    expect(toUser.statusCode).toBe(404);
    const gusList = await makeList('gus', `Globex list ${crypto.randomUUID()}`);
    const toList = await call('ada', 'POST', '/api/uploads', {
      type: 'DOMAIN',
      input: 'upk-0.com',
      destination: { type: 'list', list_id: gusList },
    });
    expect(toList.statusCode).toBe(404);
    const ritas = await upload('rita', { type: 'DOMAIN', input: 'upk-0.com', destination: { type: 'territory' } });
    expect((await call('gus', 'GET', `/api/uploads/${ritas.id}`)).statusCode).toBe(404);
    expect((await call('gus', 'GET', `/api/uploads/${ritas.id}/failures`)).statusCode).toBe(404);
  });

  it("shows a regular user only their own uploads; managers and admins see the company's", async () => {
    const ritas = await upload('rita', { type: 'DOMAIN', input: 'upk-1.com', destination: { type: 'territory' } });
    expect((await call('raj', 'GET', `/api/uploads/${ritas.id}`)).statusCode).toBe(404);
    const rajList = (await call('raj', 'GET', '/api/uploads')).json().uploads as Upload[];
    expect(rajList.every((u) => u.created_by.uid === uids.raj)).toBe(true);
    const mikeList = (await call('mike', 'GET', '/api/uploads')).json().uploads as Upload[];
    expect(mikeList.map((u) => u.id)).toContain(ritas.id);
    expect(mikeList.find((u) => u.id === ritas.id)?.created_by.display_name).toBeTruthy();
    const gusList = (await call('gus', 'GET', '/api/uploads')).json().uploads as Upload[];
    expect(gusList.map((u) => u.id)).not.toContain(ritas.id);
  });

  it('keeps an account made from an unknown domain to the tenant that uploaded it', async () => {
    const created = await upload('ada', {
      type: 'WEBSITE',
      input: 'acme-only-secret-prospect.com',
      destination: { type: 'territory' },
    });
    await finished('ada', created.id);
    const made = await t.handle.db
      .selectFrom('master_accounts')
      .select('master_account_id')
      .where('website', '=', 'acme-only-secret-prospect.com')
      .executeTakeFirstOrThrow();
    // Globex uploading the same domain gets an account of its own, not Acme's.
    const theirs = await upload('gus', {
      type: 'WEBSITE',
      input: 'acme-only-secret-prospect.com',
      destination: { type: 'territory' },
    });
    expect(await finished('gus', theirs.id)).toMatchObject({ created_count: 1, added_count: 1 });
    expect(await territoryIds(uids.gus as string)).not.toContain(made.master_account_id);
    // Its page, My Accounts and lists answer Globex as if it did not exist.
    expect((await call('gus', 'GET', `/api/accounts/${made.master_account_id}`)).statusCode).toBe(404);
    const toTerritory = await call('gus', 'POST', '/api/territory', { master_account_ids: [made.master_account_id] });
    expect(toTerritory.json()).toMatchObject({ added: 0, unknown: [made.master_account_id] });
    const gusList = await makeList('gus', `Globex takeover ${crypto.randomUUID()}`);
    const toList = await call('gus', 'POST', `/api/lists/${gusList}/members`, { ids: [made.master_account_id] });
    expect(toList.json()).toMatchObject({ added: 0, unknown: [made.master_account_id] });
    expect((await call('ada', 'GET', `/api/accounts/${made.master_account_id}`)).statusCode).toBe(200);
    // Search shows each company its own uploaded account, and never the other's.
    const search = await call('gus', 'GET', '/api/accounts/search?q=acme-only-secret-prospect.com');
    expect(search.body).not.toContain(made.master_account_id);
    const gusHits = search.json() as { hits: { master_account_id: string }[] };
    expect(gusHits.hits).toHaveLength(1);
    for (const q of ['acme-only-secret', 'SECRET-PROSPECT']) {
      const own = await call('ada', 'GET', `/api/accounts/search?${new URLSearchParams({ q, mode: 'autocomplete' })}`);
      expect(own.json().hits.map((h: { master_account_id: string }) => h.master_account_id)).toEqual([
        made.master_account_id,
      ]);
    }
    // Wildcards are text: "%" finds no account of its own.
    const percent = await call('ada', 'GET', `/api/accounts/search?${new URLSearchParams({ q: '%' })}`);
    expect(percent.body).not.toContain(made.master_account_id);
    // An ACCOUNT_ID upload of Acme's account from Globex matches nothing.
    const byId = await upload('gus', {
      type: 'ACCOUNT_ID',
      input: made.master_account_id,
      destination: { type: 'territory' },
    });
    expect(await finished('gus', byId.id)).toMatchObject({ added_count: 0, failures_count: 1 });
  });
});

describe('statuses, chunks and restarts', () => {
  it('goes PENDING → IN_PROGRESS → COMPLETED, resuming after a restart without counting a line twice', async () => {
    const lines = [
      ...KNOWN,
      ...Array.from({ length: 12 }, (_, i) => `restart-${i}.com`),
      'upk-0.com',
      'not a domain',
    ].join('\n');
    const listId = await makeList('ada', `Restart list ${crypto.randomUUID()}`);
    const created = await upload('ada', {
      type: 'WEBSITE',
      input: lines,
      destination: { type: 'list', list_id: listId },
    });
    expect(created.status).toBe('PENDING');

    // The first process does one chunk of 5 lines, then "dies" before finishing.
    const doneFirst = await t.app.uploads.processUpload(await tenantOf(created.id), created.id, {
      maxChunks: 1,
      chunkLines: 5,
    });
    expect(doneFirst).toBe(false);
    const midway = (await call('ada', 'GET', `/api/uploads/${created.id}`)).json() as Upload;
    expect(midway).toMatchObject({ status: 'IN_PROGRESS', processed_count: 5, added_count: 5 });

    // A new server on the same database picks the queued job up and finishes from the cursor.
    const handle = openDatabase(t.config.database);
    const second = await buildApp({
      config: t.config,
      handle,
      authSecret: crypto.randomBytes(32).toString('base64url'),
      logger: pino({ level: 'silent' }),
      mailer: t.mailer,
    });
    try {
      await second.ready();
      await second.jobRunner.drain();
    } finally {
      await second.close();
      await handle.close();
    }
    const done = (await call('ada', 'GET', `/api/uploads/${created.id}`)).json() as Upload;
    expect(done).toMatchObject({
      status: 'COMPLETED',
      processed_count: 19,
      added_count: 17,
      created_count: 12,
      failures_count: 2,
    });
    expect(await listMemberIds('ada', listId)).toHaveLength(17);
    const failures = await t.handle.db
      .selectFrom('upload_failures')
      .select('line')
      .where('upload_id', '=', created.id)
      .execute();
    expect(failures.map((f) => f.line).sort((a, b) => a - b)).toEqual([18, 19]);
  });

  it('two workers on the same upload at once count every line exactly once', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `two-workers-${i}.com`).join('\n');
    const listId = await makeList('ada', `Two workers ${crypto.randomUUID()}`);
    const created = await upload('ada', {
      type: 'WEBSITE',
      input: lines,
      destination: { type: 'list', list_id: listId },
    });
    const tenant = await tenantOf(created.id);
    await Promise.all([
      t.app.uploads.processUpload(tenant, created.id, { chunkLines: 3 }),
      t.app.uploads.processUpload(tenant, created.id, { chunkLines: 3 }),
    ]);
    expect((await call('ada', 'GET', `/api/uploads/${created.id}`)).json()).toMatchObject({
      status: 'COMPLETED',
      processed_count: 40,
      added_count: 40,
      created_count: 40,
      failures_count: 0,
    });
    expect(await listMemberIds('ada', listId)).toHaveLength(40);
    // Only the worker that completed it records "Accounts Uploaded".
    expect(await uploadedEvents(created.id)).toHaveLength(1);
  });

  it('records "Accounts Uploaded" once, for the uploader, with the counts, when the job completes', async () => {
    const created = await upload('rita', {
      type: 'DOMAIN',
      input: ['upk-3.com', `event-${crypto.randomUUID()}.com`, 'not a domain'].join('\n'),
      destination: { type: 'territory' },
    });
    expect(await uploadedEvents(created.id)).toHaveLength(0);
    const done = await finished('rita', created.id);
    await t.app.uploads.processUpload(await tenantOf(created.id), created.id);
    const events = await uploadedEvents(created.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      user_id: uids.rita,
      email: EMAILS.rita,
      properties: {
        upload_id: created.id,
        type: 'DOMAIN',
        destination_type: 'territory',
        lines: 3,
        added: done.added_count,
        already_present: done.already_present_count,
        created: 1,
        failures: 1,
        not_fitted: 0,
      },
    });
  });

  it('a second run of a finished upload changes nothing', async () => {
    const created = await upload('rita', { type: 'DOMAIN', input: 'upk-2.com', destination: { type: 'territory' } });
    const done = await finished('rita', created.id);
    await t.app.uploads.processUpload(await tenantOf(created.id), created.id);
    expect((await call('rita', 'GET', `/api/uploads/${created.id}`)).json()).toEqual(done);
  });
});

describe('stopping an upload', () => {
  it('stops a running upload where it is: the accounts added stay and the rest is never read', async () => {
    const lines = Array.from({ length: 15 }, (_, i) => `stop-${crypto.randomUUID().slice(0, 8)}-${i}.com`).join('\n');
    const listId = await makeList('ada', `Stop list ${crypto.randomUUID()}`);
    const created = await upload('ada', {
      type: 'WEBSITE',
      input: lines,
      destination: { type: 'list', list_id: listId },
    });
    const tenantId = await tenantOf(created.id);
    expect(await t.app.uploads.processUpload(tenantId, created.id, { maxChunks: 1, chunkLines: 5 })).toBe(false);

    // Someone who cannot see it, in the company or outside it, cannot stop it either.
    expect((await call('rita', 'POST', `/api/uploads/${created.id}/cancel`)).statusCode).toBe(404);
    expect((await call('gus', 'POST', `/api/uploads/${created.id}/cancel`)).statusCode).toBe(404);

    const stopped = await call('ada', 'POST', `/api/uploads/${created.id}/cancel`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({
      status: 'FAILED',
      error_code: 'cancelled',
      processed_count: 5,
      added_count: 5,
    });
    expect((stopped.json() as Upload).finished_at).not.toBeNull();

    // The queued job and any later run find it stopped and read no further.
    await t.app.jobRunner.drain();
    await t.app.uploads.processUpload(tenantId, created.id, { chunkLines: 5 });
    const after = (await call('ada', 'GET', `/api/uploads/${created.id}`)).json() as Upload;
    expect(after).toMatchObject({ status: 'FAILED', error_code: 'cancelled', processed_count: 5, added_count: 5 });
    expect(await listMemberIds('ada', listId)).toHaveLength(5);
    expect(await uploadedEvents(created.id)).toHaveLength(0);

    const again = await call('ada', 'POST', `/api/uploads/${created.id}/cancel`);
    expect(again.statusCode).toBe(409);
  });

  it("a manager may stop a colleague's upload; a finished one cannot be stopped and stays as it was", async () => {
    const running = await upload('rita', {
      type: 'DOMAIN',
      input: 'upk-1.com\nupk-3.com',
      destination: { type: 'territory' },
    });
    const byManager = await call('mike', 'POST', `/api/uploads/${running.id}/cancel`);
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(byManager.json()).toMatchObject({ status: 'FAILED', error_code: 'cancelled', added_count: 0 });

    const created = await upload('rita', { type: 'DOMAIN', input: 'upk-2.com', destination: { type: 'territory' } });
    const done = await finished('rita', created.id);
    expect(done.status).toBe('COMPLETED');
    const refused = await call('rita', 'POST', `/api/uploads/${created.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('conflict');
    expect((await call('rita', 'GET', `/api/uploads/${created.id}`)).json()).toEqual(done);
  });
});

/** The "Accounts Uploaded" events recorded for an upload. */
async function uploadedEvents(uploadId: string) {
  const rows = await acrossTenants(t.handle.db)
    .selectFrom('analytics_events')
    .select(['user_id', 'email', 'properties'])
    .where('event', '=', 'Accounts Uploaded')
    .execute();
  return rows
    .map((r) => ({ ...r, properties: JSON.parse(r.properties) as Record<string, unknown> }))
    .filter((r) => r.properties.upload_id === uploadId);
}

async function tenantOf(uploadId: string): Promise<string> {
  const row = await acrossTenants(t.handle.db)
    .selectFrom('uploads')
    .select('tenant_id')
    .where('id', '=', uploadId)
    .executeTakeFirstOrThrow();
  return row.tenant_id;
}

describe('reading the lines of an upload', () => {
  it('refuses an email address rather than reading its mail provider as the company', async () => {
    const entries = await readEntries('WEBSITE', 'john@gmail.com\nhttps://sales@acme-upload.com/\nacme-upload.com', 1);
    expect(entries.map((e) => [e.line, e.key, e.reason, e.duplicateOf])).toEqual([
      [1, null, 'email_address', null],
      // An address with a scheme is a website, whoever it names before its host.
      [2, 'acme-upload.com', null, null],
      [3, 'acme-upload.com', 'duplicate', 2],
    ]);
  });
});
