import crypto from 'node:crypto';
import type { Workspace } from '@quarry/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let rita: string;
let raj: string;
let mike: string;
let gus: string;
const uid: Record<string, string> = {};

const account = (id: string, name: string, employees: number | null) => ({
  master_account_id: id,
  account_name: name,
  website: `${id}.example`,
  logo_url: null,
  industry: 'Retail',
  sector: 'Retailing',
  employees,
  revenue: null,
  location: null,
  description: null,
  created_at: '2026-01-01T00:00:00.000Z',
});
const contact = (id: string, accountId: string, last: string, email: string | null) => ({
  id,
  external_contact_id: null,
  master_account_id: accountId,
  first_name: 'Pat',
  last_name: last,
  title: 'Buyer',
  seniority: null,
  department: null,
  email,
  email_status: email ? 'verified' : null,
  linkedin_url: null,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.handle.db
    .insertInto('master_accounts')
    .values([
      account('acc_a', 'Alpha Stores', 1_000),
      account('acc_b', 'Beta Mart', 50_000),
      account('acc_c', 'Gamma Foods', null),
    ])
    .execute();
  await t.handle.db
    .insertInto('master_contacts')
    .values([
      contact('ct_1', 'acc_a', 'Zimmer', 'z@alpha.example'),
      contact('ct_2', 'acc_b', 'Adams', null),
      contact('ct_3', 'acc_b', 'de Vries', null),
    ])
    .execute();
  [rita, raj, mike, gus] = await Promise.all([
    t.signIn('rita@acme.test'),
    t.signIn('raj@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
  for (const email of ['rita@acme.test', 'raj@acme.test', 'mike@acme.test', 'gus@globex.test', 'admin@acme.test']) {
    uid[email] = await t.uidOf(email);
  }
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const count = async (table: 'workspaces' | 'lists' | 'workspace_shared_users' | 'list_accounts') =>
  Number(
    (
      await t.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function createWorkspace(cookie: string, body: Record<string, unknown>): Promise<Workspace> {
  const res = await call(cookie, 'POST', '/api/workspaces', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createList(cookie: string, workspaceId: string, body: Record<string, unknown>) {
  const res = await call(cookie, 'POST', `/api/workspaces/${workspaceId}/lists`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; type: string; member_count: number };
}

describe('workspaces', () => {
  it('creates a workspace with id, created/updated by the creator and viewed by them now', async () => {
    const before = Date.now();
    const w = await createWorkspace(rita, {
      name: '  Q3 Retail push ',
      description: 'Stores with new distribution centres',
      shared_users: [uid['raj@acme.test'], uid['mike@acme.test']],
    });
    expect(w).toMatchObject({
      name: 'Q3 Retail push',
      description: 'Stores with new distribution centres',
      archived: false,
      items: [],
      created_by: uid['rita@acme.test'],
      updated_by: uid['rita@acme.test'],
    });
    expect(w.shared_users.sort()).toEqual([uid['raj@acme.test'], uid['mike@acme.test']].sort());
    expect(w.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(w.viewed[uid['rita@acme.test'] as string] as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(w.created).toBe(w.updated);
  });

  it('lists owned workspaces for the creator and shared ones for the people it is shared with, by name', async () => {
    await createWorkspace(rita, { name: 'alpha accounts', shared_users: [uid['raj@acme.test']] });
    await createWorkspace(rita, { name: 'Zeta solo' });
    const owned = (await call(rita, 'GET', '/api/workspaces/owned')).json().workspaces as Workspace[];
    const names = owned.map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(['alpha accounts', 'Q3 Retail push', 'Zeta solo']));
    expect(names.indexOf('Q3 Retail push')).toBeLessThan(names.indexOf('Zeta solo'));
    const shared = (await call(raj, 'GET', '/api/workspaces/shared')).json().workspaces as Workspace[];
    expect(shared.map((w) => w.name)).toEqual(expect.arrayContaining(['alpha accounts', 'Q3 Retail push']));
    expect(shared.map((w) => w.name)).not.toContain('Zeta solo');
    expect((await call(raj, 'GET', '/api/workspaces/owned')).json().workspaces).toEqual([]);
    expect((await call(gus, 'GET', '/api/workspaces/shared')).json().workspaces).toEqual([]);
  });

  it('never lists archived workspaces', async () => {
    const w = await createWorkspace(rita, { name: 'Archived one', shared_users: [uid['raj@acme.test']] });
    await t.handle.db.updateTable('workspaces').set({ archived: 1 }).where('id', '=', w.id).execute();
    const owned = (await call(rita, 'GET', '/api/workspaces/owned')).json().workspaces as Workspace[];
    const shared = (await call(raj, 'GET', '/api/workspaces/shared')).json().workspaces as Workspace[];
    expect(owned.map((x) => x.id)).not.toContain(w.id);
    expect(shared.map((x) => x.id)).not.toContain(w.id);
  });

  it('refuses an empty or over-long name and an over-long description with 400 naming the field, storing nothing', async () => {
    const before = await count('workspaces');
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'ok', description: 'd'.repeat(2001) }, 'description'],
    ] as const) {
      const res = await call(rita, 'POST', '/api/workspaces', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(new RegExp(`^${field}: `));
    }
    const blank = await call(rita, 'POST', '/api/workspaces', { name: '' });
    expect(blank.json().error.message).toBe('name: Workspace name is required');
    expect(await count('workspaces')).toBe(before);
  });

  it('refuses a second workspace of one name among my own, letter case and spaces aside, with 409 naming the field', async () => {
    const name = `Q4 targets ${crypto.randomUUID()}`;
    const first = await createWorkspace(rita, { name });
    const again = await call(rita, 'POST', '/api/workspaces', { name: ` ${name.toLowerCase()} ` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: 'name: You already have a workspace with this name',
      details: { fields: [{ field: 'name', reason: 'taken' }] },
    });
    // A colleague may name one of theirs alike; renaming mine into a taken name is refused.
    expect((await call(raj, 'POST', '/api/workspaces', { name })).statusCode).toBe(201);
    const other = await createWorkspace(rita, { name: `${name} (2)` });
    expect((await call(rita, 'PATCH', `/api/workspaces/${other.id}`, { name })).statusCode).toBe(409);
    expect((await call(rita, 'PATCH', `/api/workspaces/${first.id}`, { name, description: 'Mine' })).statusCode).toBe(
      200,
    );
  });

  it('refuses sharing with an unknown user or one of another tenant and changes nothing', async () => {
    const before = await count('workspaces');
    for (const other of ['no-such-user', uid['gus@globex.test']]) {
      const res = await call(rita, 'POST', '/api/workspaces', { name: 'Leaky', shared_users: [other] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/^shared_users: Unknown user/);
    }
    expect(await count('workspaces')).toBe(before);
    const w = await createWorkspace(rita, { name: 'Share later' });
    const res = await call(rita, 'POST', `/api/workspaces/${w.id}/shared-users`, { uids: [uid['gus@globex.test']] });
    expect(res.statusCode).toBe(400);
    const after = (await call(rita, 'GET', `/api/workspaces/${w.id}`)).json().workspace as Workspace;
    expect(after.shared_users).toEqual([]);
  });

  it('lets the owner rename, describe, share and unshare; marks viewed per user', async () => {
    const w = await createWorkspace(rita, { name: 'Renamable' });
    const renamed = await call(rita, 'PATCH', `/api/workspaces/${w.id}`, { name: 'Renamed', description: 'New' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', description: 'New' });
    const shared = await call(rita, 'POST', `/api/workspaces/${w.id}/shared-users`, {
      uids: [uid['raj@acme.test'], uid['mike@acme.test']],
    });
    expect(shared.json().shared_users).toHaveLength(2);
    const viewed = await call(raj, 'POST', `/api/workspaces/${w.id}/viewed`);
    expect(viewed.statusCode).toBe(200);
    const detail = (await call(rita, 'GET', `/api/workspaces/${w.id}`)).json().workspace as Workspace;
    expect(detail.viewed[uid['raj@acme.test'] as string]).toBe(viewed.json().viewed_at);
    // The owner removes a shared user directly.
    const removed = await call(rita, 'POST', `/api/workspaces/${w.id}/shared-users/remove`, {
      uids: [uid['mike@acme.test']],
    });
    expect(removed.json().workspace.shared_users).toEqual([uid['raj@acme.test']]);
    expect((await call(mike, 'GET', `/api/workspaces/${w.id}`)).statusCode).toBe(404);
  });

  it('lets a shared user read and leave, but not rename, share, remove others or delete (403, nothing changes)', async () => {
    const w = await createWorkspace(rita, {
      name: 'Team space',
      shared_users: [uid['raj@acme.test'], uid['mike@acme.test']],
    });
    expect((await call(raj, 'GET', `/api/workspaces/${w.id}`)).statusCode).toBe(200);
    const rename = await call(raj, 'PATCH', `/api/workspaces/${w.id}`, { name: 'Mine now' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.details).toEqual({ reason: 'workspace_owner_only' });
    expect(
      (await call(raj, 'POST', `/api/workspaces/${w.id}/shared-users/remove`, { uids: [uid['mike@acme.test']] }))
        .statusCode,
    ).toBe(403);
    expect((await call(raj, 'DELETE', `/api/workspaces/${w.id}`)).statusCode).toBe(403);
    const unchanged = (await call(rita, 'GET', `/api/workspaces/${w.id}`)).json().workspace as Workspace;
    expect(unchanged.name).toBe('Team space');
    expect(unchanged.shared_users).toHaveLength(2);
    // Leave: a shared user removes themselves.
    const left = await call(raj, 'POST', `/api/workspaces/${w.id}/shared-users/remove`, {
      uids: [uid['raj@acme.test']],
    });
    expect(left.statusCode).toBe(200);
    expect(left.json().workspace).toBeNull();
    expect((await call(raj, 'GET', `/api/workspaces/${w.id}`)).statusCode).toBe(404);
  });

  it('answers 404 to a colleague it is not shared with and to another tenant, for every operation', async () => {
    const w = await createWorkspace(rita, { name: 'Private plans' });
    const list = await createList(rita, w.id, { name: 'Targets', type: 'accounts' });
    for (const cookie of [raj, gus]) {
      expect((await call(cookie, 'GET', `/api/workspaces/${w.id}`)).statusCode).toBe(404);
      expect((await call(cookie, 'PATCH', `/api/workspaces/${w.id}`, { name: 'x' })).statusCode).toBe(404);
      expect((await call(cookie, 'DELETE', `/api/workspaces/${w.id}`)).statusCode).toBe(404);
      expect((await call(cookie, 'POST', `/api/workspaces/${w.id}/viewed`)).statusCode).toBe(404);
      expect(
        (await call(cookie, 'POST', `/api/workspaces/${w.id}/lists`, { name: 'x', type: 'accounts' })).statusCode,
      ).toBe(404);
      expect((await call(cookie, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(404);
      expect((await call(cookie, 'POST', `/api/lists/${list.id}/members`, { ids: ['acc_a'] })).statusCode).toBe(404);
      expect((await call(cookie, 'DELETE', `/api/lists/${list.id}`)).statusCode).toBe(404);
    }
    expect((await call(rita, 'GET', `/api/lists/${list.id}/members`)).json().total).toBe(0);
    const missing = await call(rita, 'GET', '/api/lists/no-such-list');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('List not found');
  });

  it('adds and removes list ids in items, refusing lists of another tenant', async () => {
    const w = await createWorkspace(rita, { name: 'Items', shared_users: [uid['raj@acme.test']] });
    const other = await createWorkspace(rita, { name: 'Other' });
    const a = await createList(rita, w.id, { name: 'A', type: 'accounts' });
    const b = await createList(rita, other.id, { name: 'B', type: 'contacts' });
    const globex = await createWorkspace(gus, { name: 'Globex space' });
    const theirs = await createList(gus, globex.id, { name: 'Theirs', type: 'accounts' });

    // Raj shares the workspace but never saw list B: he may not bring it in (the takeover of #13).
    const notHis = await call(raj, 'POST', `/api/workspaces/${w.id}/items`, { list_ids: [b.id] });
    expect(notHis.statusCode).toBe(400);
    const added = await call(rita, 'POST', `/api/workspaces/${w.id}/items`, { list_ids: [b.id] });
    expect(added.statusCode).toBe(200);
    expect(added.json().items).toEqual([a.id, b.id]);
    const refused = await call(rita, 'POST', `/api/workspaces/${w.id}/items`, { list_ids: [theirs.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^list_ids: /);
    const replaced = await call(rita, 'PUT', `/api/workspaces/${w.id}/items`, { items: [b.id, a.id] });
    expect(replaced.json().items).toEqual([b.id, a.id]);
    const removed = await call(rita, 'POST', `/api/workspaces/${w.id}/items/remove`, { list_ids: [b.id] });
    expect(removed.json().items).toEqual([a.id]);
    expect((await call(rita, 'GET', `/api/workspaces/${other.id}`)).json().workspace.items).toEqual([b.id]);
  });

  it('deletes the workspace after deleting every list it holds, and only for the owner', async () => {
    const w = await createWorkspace(rita, { name: 'Doomed', shared_users: [uid['raj@acme.test']] });
    const list = await createList(rita, w.id, { name: 'Doomed list', type: 'accounts' });
    await call(rita, 'POST', `/api/lists/${list.id}/members`, { ids: ['acc_a', 'acc_b'] });
    const res = await call(rita, 'DELETE', `/api/workspaces/${w.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call(rita, 'GET', `/api/workspaces/${w.id}`)).statusCode).toBe(404);
    expect((await call(rita, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(404);
    const members = await t.handle.db.selectFrom('list_accounts').selectAll().where('list_id', '=', list.id).execute();
    expect(members).toEqual([]);
    const shares = await t.handle.db
      .selectFrom('workspace_shared_users')
      .selectAll()
      .where('workspace_id', '=', w.id)
      .execute();
    expect(shares).toEqual([]);
  });

  it('keeps the workspace and its lists when deleting the lists fails, answering "Error deleting lists"', async () => {
    const w = await createWorkspace(rita, { name: 'Survivor' });
    const list = await createList(rita, w.id, { name: 'Stubborn', type: 'accounts' });
    // A real database failure: the lists table refuses deletes while this trigger exists.
    if (t.handle.engine === 'sqlite') {
      await sql`create trigger refuse_list_delete before delete on lists begin select raise(abort, 'refused'); end`.execute(
        t.handle.db,
      );
    } else {
      await sql`create function refuse_list_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
        t.handle.db,
      );
      await sql`create trigger refuse_list_delete before delete on lists for each row execute function refuse_list_delete()`.execute(
        t.handle.db,
      );
    }
    try {
      const res = await call(rita, 'DELETE', `/api/workspaces/${w.id}`);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe('Error deleting lists');
    } finally {
      if (t.handle.engine === 'sqlite') await sql`drop trigger refuse_list_delete`.execute(t.handle.db);
      else {
        await sql`drop trigger refuse_list_delete on lists`.execute(t.handle.db);
        await sql`drop function refuse_list_delete()`.execute(t.handle.db);
      }
    }
    const detail = await call(rita, 'GET', `/api/workspaces/${w.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().workspace.items).toEqual([list.id]);
    expect((await call(rita, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(200);
  });
});

describe('lists', () => {
  let workspaceId: string;
  beforeAll(async () => {
    workspaceId = (await createWorkspace(rita, { name: 'List lab', shared_users: [uid['raj@acme.test']] })).id;
  });

  it('creates, renames and deletes lists of every type, validating the name and the smart filter', async () => {
    const blank = await call(rita, 'POST', `/api/workspaces/${workspaceId}/lists`, { name: ' ', type: 'accounts' });
    expect(blank.json().error.message).toBe('name: List name is required');
    const noFilter = await call(rita, 'POST', `/api/workspaces/${workspaceId}/lists`, {
      name: 'S',
      type: 'smartAccount',
    });
    expect(noFilter.json().error.message).toMatch(/^filter_id: /);
    const list = await createList(rita, workspaceId, { name: 'Contacts to call', type: 'contacts' });
    expect(list).toMatchObject({ type: 'contacts', member_count: 0 });
    // Raj shares the workspace: he works with the list but renames and deletes only his own.
    const renameList = await call(raj, 'PATCH', `/api/lists/${list.id}`, { name: 'Mine' });
    expect(renameList.statusCode).toBe(403);
    expect(renameList.json().error.details).toEqual({ reason: 'list_owner_only' });
    expect((await call(raj, 'DELETE', `/api/lists/${list.id}`)).statusCode).toBe(403);
    const renamed = await call(rita, 'PATCH', `/api/lists/${list.id}`, { name: 'Call first' });
    expect(renamed.json().name).toBe('Call first');
    // A second list of one name in the workspace, any case, is refused with the field named; so is
    // renaming another list to it. Nothing is made or changed.
    const before = (await call(rita, 'GET', `/api/workspaces/${workspaceId}`)).json().workspace.items.length;
    const twin = await call(rita, 'POST', `/api/workspaces/${workspaceId}/lists`, {
      name: ' call FIRST ',
      type: 'accounts',
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.message).toBe('name: This workspace already has a list with this name');
    expect((await call(rita, 'GET', `/api/workspaces/${workspaceId}`)).json().workspace.items).toHaveLength(before);
    const other = await createList(rita, workspaceId, { name: 'Call later', type: 'accounts' });
    const clash = await call(rita, 'PATCH', `/api/lists/${other.id}`, { name: 'Call First' });
    expect(clash.statusCode).toBe(409);
    expect((await call(rita, 'GET', `/api/lists/${other.id}`)).json().name).toBe('Call later');
    // Its own name, in another case, is no clash.
    expect((await call(rita, 'PATCH', `/api/lists/${list.id}`, { name: 'CALL FIRST' })).statusCode).toBe(200);
    expect((await call(rita, 'DELETE', `/api/lists/${other.id}`)).statusCode).toBe(204);
    expect((await call(rita, 'DELETE', `/api/lists/${list.id}`)).statusCode).toBe(204);
    expect((await call(rita, 'GET', `/api/workspaces/${workspaceId}`)).json().workspace.items).not.toContain(list.id);
  });

  it('adds and removes accounts in bulk and pages them sorted on the server', async () => {
    const list = await createList(rita, workspaceId, { name: 'Retail', type: 'accounts' });
    const added = await call(raj, 'POST', `/api/lists/${list.id}/members`, {
      ids: ['acc_a', 'acc_b', 'acc_c', 'nope'],
    });
    expect(added.json()).toEqual({ added: 3, unknown: ['nope'] });
    const again = await call(rita, 'POST', `/api/lists/${list.id}/members`, { ids: ['acc_a'] });
    expect(again.json().added).toBe(0);
    const page = await call(rita, 'GET', `/api/lists/${list.id}/members?sort=employees&direction=desc&page_size=2`);
    expect(page.json()).toMatchObject({ kind: 'accounts', total: 3, page: 1, page_size: 2 });
    expect(page.json().rows.map((r: { master_account_id: string }) => r.master_account_id)).toEqual(['acc_b', 'acc_a']);
    const second = await call(
      rita,
      'GET',
      `/api/lists/${list.id}/members?sort=employees&direction=desc&page_size=2&page=2`,
    );
    expect(second.json().rows.map((r: { master_account_id: string }) => r.master_account_id)).toEqual(['acc_c']);
    const removed = await call(rita, 'POST', `/api/lists/${list.id}/members/remove`, { ids: ['acc_b'] });
    expect(removed.json().removed).toBe(1);
    expect((await call(rita, 'GET', `/api/lists/${list.id}`)).json().member_count).toBe(2);
    const detail = (await call(rita, 'GET', `/api/workspaces/${workspaceId}`)).json();
    expect(detail.lists.find((l: { id: string }) => l.id === list.id).member_count).toBe(2);
  });

  it('refuses 1000 or more ids at a time with the cap message', async () => {
    const list = await createList(rita, workspaceId, { name: 'Too many', type: 'accounts' });
    const ids = Array.from({ length: 1000 }, (_, i) => `acc_${i}`);
    const res = await call(rita, 'POST', `/api/lists/${list.id}/members`, { ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('ids: Select fewer than 1000 items at a time');
    expect((await call(rita, 'GET', `/api/lists/${list.id}`)).json().member_count).toBe(0);
  });

  it('pages contacts of a contact list, hiding unusable emails', async () => {
    const list = await createList(rita, workspaceId, { name: 'People', type: 'contacts' });
    await call(rita, 'POST', `/api/lists/${list.id}/members`, { ids: ['ct_1', 'ct_2', 'ct_3'] });
    const page = (await call(rita, 'GET', `/api/lists/${list.id}/members?sort=last_name`)).json();
    expect(page.kind).toBe('contacts');
    // Case does not order names: "de Vries" among the D's, not after "Zimmer".
    expect(page.rows.map((r: { last_name: string }) => r.last_name)).toEqual(['Adams', 'de Vries', 'Zimmer']);
    expect(page.rows[0].email).toBeNull();
    expect(page.rows[2]).toMatchObject({ email: 'z@alpha.example', account_name: 'Alpha Stores' });
  });

  it('evaluates a smart account list live from its saved filter', async () => {
    const filter = await call(rita, 'POST', '/api/filters', {
      name: 'Big retail',
      filter: {
        complex: true,
        operator: 'AND',
        days_ago: null,
        values: [
          {
            field: 'employees',
            complex: false,
            type: 'text',
            values: ['10001-100000'],
            operator: 'IN',
            days_ago: null,
          },
        ],
      },
    });
    expect(filter.statusCode, filter.body).toBe(201);
    const list = await createList(rita, workspaceId, {
      name: 'Smart',
      type: 'smartAccount',
      filter_id: filter.json().id,
    });
    const page = (await call(rita, 'GET', `/api/lists/${list.id}/members`)).json();
    expect(page.rows.map((r: { master_account_id: string }) => r.master_account_id)).toContain('acc_b');
    expect(page.rows.map((r: { master_account_id: string }) => r.master_account_id)).not.toContain('acc_a');
    const add = await call(rita, 'POST', `/api/lists/${list.id}/members`, { ids: ['acc_a'] });
    expect(add.statusCode).toBe(400);
  });

  it('tells a colleague that a smart list is empty for them because its filter is private, and whose it is', async () => {
    const filter = await call(mike, 'POST', '/api/filters', {
      name: 'Mike only',
      filter: {
        complex: true,
        operator: 'AND',
        days_ago: null,
        values: [
          { field: 'industry', complex: false, type: 'text', values: ['Retail'], operator: 'IN', days_ago: null },
        ],
      },
    });
    expect(filter.statusCode, filter.body).toBe(201);
    const w = await createWorkspace(mike, {
      name: 'Shared smart',
      description: '',
      shared_users: [uid['rita@acme.test']],
    });
    const list = await createList(mike, w.id, {
      name: 'Retail now',
      type: 'smartAccount',
      filter_id: filter.json().id,
    });

    const ownerView = (await call(mike, 'GET', `/api/lists/${list.id}`)).json();
    expect(ownerView).toMatchObject({
      member_count: 3,
      workspace_shared: true,
      smart_filter: { state: 'readable', name: 'Mike only', private: true, mine: true },
    });
    const colleagueView = (await call(rita, 'GET', `/api/lists/${list.id}`)).json();
    expect(colleagueView).toMatchObject({
      member_count: 0,
      smart_filter: { state: 'private', name: null, private: true, mine: false, owner_name: expect.any(String) },
    });

    // Made public (the offer the list page makes to its owner), the colleague sees the members.
    expect((await call(mike, 'PATCH', `/api/filters/${filter.json().id}`, { private: false })).statusCode).toBe(200);
    expect((await call(rita, 'GET', `/api/lists/${list.id}`)).json()).toMatchObject({
      member_count: 3,
      smart_filter: { state: 'readable', name: 'Mike only', private: false },
    });
    expect((await call(rita, 'GET', `/api/lists/${list.id}/members`)).json().total).toBe(3);
  });

  it("offers the lists of my workspaces as add-to targets, not a stranger's", async () => {
    const mine = (await call(raj, 'GET', '/api/lists?type=accounts')).json().lists as { name: string; type: string }[];
    expect(mine.map((l) => l.name)).toContain('Retail');
    expect(mine.every((l) => l.type === 'accounts')).toBe(true);
    // raj is not shared on rita's "Private plans", so its "Targets" list is not offered.
    expect(mine.map((l) => l.name)).not.toContain('Targets');
    expect((await call(gus, 'GET', '/api/lists')).json().lists.map((l: { name: string }) => l.name)).not.toContain(
      'Retail',
    );
  });
});
