import type { AccountAssignment, AccountUnassignment, ValueMatchDetail, ValueMatchFeed } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let rita: string;
let mike: string;
let ada: string;
let gus: string;
const uids: Record<string, string> = {};

const at = '2026-11-01T00:00:00.000Z';
const account = (id: string, name: string) => ({
  master_account_id: id,
  account_name: name,
  website: `${id}.example`,
  logo_url: null,
  industry: 'Wholesalers',
  sector: null,
  employees: 100,
  revenue: null,
  location: null,
  description: null,
  created_at: at,
});
const match = (tenantId: string, id: string) => ({
  tenant_id: tenantId,
  master_account_id: id,
  tier: 'tier_1',
  tier_rank: 2,
  score: 1,
  industry: 'Wholesalers',
  top_hypothesis_id: null,
  top_hypothesis_name: null,
  top_hit_id: null,
  top_hit_title: null,
  top_hit_published_at: null,
  latest_hit_at: null,
  why_now: '',
  spans: '[]',
  result: '{}',
  computed_at: at,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.handle.db
    .insertInto('master_accounts')
    .values([account('acc_assign_a', 'Assign Alpha'), account('acc_assign_b', 'Assign Beta')])
    .execute();
  await t.handle.db
    .insertInto('value_matches')
    .values([match('tnt_acme', 'acc_assign_a'), match('tnt_acme', 'acc_assign_b'), match('tnt_globex', 'acc_assign_a')])
    .execute();
  [rita, mike, ada, gus] = await Promise.all([
    t.signIn('rita@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('ada@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
  for (const email of ['rita@acme.test', 'raj@acme.test', 'mike@acme.test', 'admin@acme.test', 'gus@globex.test']) {
    uids[email] = await t.uidOf(email);
  }
}, 60_000);
afterAll(() => t?.close());

const assign = (cookie: string, accountId: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/value-matches/${accountId}/assignment`,
    headers: { cookie },
    payload: body as Record<string, unknown>,
  });
const unassign = (cookie: string, accountId: string, uid: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/value-matches/${accountId}/assignment/${uid}`, headers: { cookie } });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** The account ids in the user's territory (My Accounts). */
async function territoryOf(email: string): Promise<string[]> {
  const rows = await t.handle.db
    .selectFrom('territory_accounts')
    .select('master_account_id')
    .where('user_id', '=', uids[email] as string)
    .orderBy('master_account_id')
    .execute();
  return rows.map((r) => r.master_account_id);
}

describe('assigning a Value Match account', () => {
  it('assigns to me: the account shows in My Accounts, in the "my accounts" feed and as held by me', async () => {
    const res = await assign(rita, 'acc_assign_a', { uid: uids['rita@acme.test'] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AccountAssignment;
    expect(body.added).toBe(true);
    expect(body.assignee.uid).toBe(uids['rita@acme.test']);
    expect(body.held_by.map((h) => h.uid)).toEqual([uids['rita@acme.test']]);

    const territory = (await get(rita, '/api/territory')).json() as { rows: { master_account_id: string }[] };
    expect(territory.rows.map((r) => r.master_account_id)).toContain('acc_assign_a');
    const mine = (await get(rita, '/api/value-matches?mine=true')).json() as ValueMatchFeed;
    const card = mine.items.find((c) => c.master_account_id === 'acc_assign_a');
    expect(card?.held_by).toEqual([body.assignee]);
    const detail = (await get(rita, '/api/value-matches/acc_assign_a')).json() as ValueMatchDetail;
    expect(detail.held_by).toEqual([body.assignee]);
  });

  it('is idempotent: assigning an account I already hold answers 200 with added false', async () => {
    const res = await assign(rita, 'acc_assign_a', { uid: uids['rita@acme.test'] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AccountAssignment).added).toBe(false);
    expect(await territoryOf('rita@acme.test')).toEqual(['acc_assign_a']);
  });

  it('lets a manager assign to a colleague, whose My Accounts then holds it; the feed names both holders', async () => {
    const res = await assign(mike, 'acc_assign_a', { uid: uids['raj@acme.test'] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AccountAssignment;
    expect(body).toMatchObject({ added: true, assignee: { uid: uids['raj@acme.test'] } });
    expect(body.held_by.map((h) => h.uid).sort()).toEqual([uids['raj@acme.test'], uids['rita@acme.test']].sort());
    expect(await territoryOf('raj@acme.test')).toEqual(['acc_assign_a']);
    expect(await territoryOf('mike@acme.test')).toEqual([]);
    const feed = (await get(rita, '/api/value-matches?limit=100')).json() as ValueMatchFeed;
    expect(feed.items.find((c) => c.master_account_id === 'acc_assign_a')?.held_by).toHaveLength(2);
  });

  it('lets an admin assign to a colleague', async () => {
    const res = await assign(ada, 'acc_assign_b', { uid: uids['mike@acme.test'] });
    expect(res.statusCode).toBe(200);
    expect(await territoryOf('mike@acme.test')).toEqual(['acc_assign_b']);
  });

  it('refuses a plain user assigning to a colleague with 403 and changes nothing', async () => {
    const res = await assign(rita, 'acc_assign_b', { uid: uids['raj@acme.test'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only managers and admins can assign an account to a colleague');
    expect(await territoryOf('raj@acme.test')).toEqual(['acc_assign_a']);
  });

  it('refuses assigning to a service account (admin@) with 400 naming uid and changes nothing', async () => {
    const res = await assign(ada, 'acc_assign_b', { uid: uids['admin@acme.test'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('uid: is a service account, not a colleague');
    expect(await territoryOf('admin@acme.test')).toEqual([]);
  });

  it("refuses another tenant's user or an unknown uid with 400 naming uid", async () => {
    for (const uid of [uids['gus@globex.test'], 'usr_nobody']) {
      const res = await assign(mike, 'acc_assign_b', { uid });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('uid: is not a user of your company');
    }
    const missing = await assign(mike, 'acc_assign_b', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^uid:/);
    expect(await territoryOf('gus@globex.test')).toEqual([]);
  });

  it('answers 404 for an account that does not exist and stores nothing', async () => {
    const res = await assign(rita, 'acc_no_such_account', { uid: uids['rita@acme.test'] });
    expect(res.statusCode).toBe(404);
    expect(await territoryOf('rita@acme.test')).toEqual(['acc_assign_a']);
  });

  it("keeps territories per tenant: Globex sees none of Acme's holders and assigns only its own users", async () => {
    const feed = (await get(gus, '/api/value-matches?limit=100')).json() as ValueMatchFeed;
    expect(feed.items.find((c) => c.master_account_id === 'acc_assign_a')?.held_by).toEqual([]);
    const detail = (await get(gus, '/api/value-matches/acc_assign_a')).json() as ValueMatchDetail;
    expect(detail.held_by).toEqual([]);
    const res = await assign(gus, 'acc_assign_a', { uid: uids['rita@acme.test'] });
    expect(res.statusCode).toBe(400);
    const own = await assign(gus, 'acc_assign_a', { uid: uids['gus@globex.test'] });
    expect((own.json() as AccountAssignment).held_by.map((h) => h.uid)).toEqual([uids['gus@globex.test']]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/value-matches/acc_assign_a/assignment',
      payload: { uid: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

// Runs after the block above: rita and raj hold acc_assign_a, mike holds acc_assign_b, gus (Globex) acc_assign_a.
describe('removing a Value Match assignment', () => {
  it('removes my own: the account leaves My Accounts and the feed no longer names me', async () => {
    const res = await unassign(rita, 'acc_assign_a', uids['rita@acme.test'] as string);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AccountUnassignment;
    expect(body).toMatchObject({ removed: true, assignee: { uid: uids['rita@acme.test'] } });
    expect(body.held_by.map((h) => h.uid)).toEqual([uids['raj@acme.test']]);
    expect(await territoryOf('rita@acme.test')).toEqual([]);
    const feed = (await get(rita, '/api/value-matches?limit=100')).json() as ValueMatchFeed;
    const card = feed.items.find((c) => c.master_account_id === 'acc_assign_a');
    expect(card?.held_by.map((h) => h.uid)).toEqual([uids['raj@acme.test']]);
  });

  it('is idempotent: removing an assignment that does not exist answers 200 with removed false', async () => {
    const res = await unassign(rita, 'acc_assign_a', uids['rita@acme.test'] as string);
    expect(res.statusCode).toBe(200);
    expect((res.json() as AccountUnassignment).removed).toBe(false);
    expect(await territoryOf('raj@acme.test')).toEqual(['acc_assign_a']);
  });

  it("refuses a plain user removing a colleague's assignment with 403 and changes nothing", async () => {
    const res = await unassign(rita, 'acc_assign_a', uids['raj@acme.test'] as string);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Only managers and admins can remove a colleague's assignment");
    expect(await territoryOf('raj@acme.test')).toEqual(['acc_assign_a']);
  });

  it("lets a manager and an admin remove a colleague's assignment", async () => {
    const byManager = await unassign(mike, 'acc_assign_a', uids['raj@acme.test'] as string);
    expect(byManager.statusCode).toBe(200);
    expect((byManager.json() as AccountUnassignment).held_by).toEqual([]);
    expect(await territoryOf('raj@acme.test')).toEqual([]);
    const byAdmin = await unassign(ada, 'acc_assign_b', uids['mike@acme.test'] as string);
    expect(byAdmin.statusCode).toBe(200);
    expect((byAdmin.json() as AccountUnassignment).removed).toBe(true);
    expect(await territoryOf('mike@acme.test')).toEqual([]);
  });

  it("answers 404 for another tenant's user or an unknown uid, and leaves their territory alone", async () => {
    for (const uid of [uids['gus@globex.test'] as string, 'usr_nobody']) {
      const res = await unassign(ada, 'acc_assign_a', uid);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('User not found');
    }
    expect(await territoryOf('gus@globex.test')).toEqual(['acc_assign_a']);
  });

  it("keeps tenants apart: Globex cannot remove an Acme user's assignment", async () => {
    await assign(rita, 'acc_assign_b', { uid: uids['rita@acme.test'] });
    const res = await unassign(gus, 'acc_assign_b', uids['rita@acme.test'] as string);
    expect(res.statusCode).toBe(404);
    expect(await territoryOf('rita@acme.test')).toEqual(['acc_assign_b']);
  });

  it('answers 404 for an account that does not exist', async () => {
    const res = await unassign(rita, 'acc_no_such_account', uids['rita@acme.test'] as string);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Account not found');
    expect(await territoryOf('rita@acme.test')).toEqual(['acc_assign_b']);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/value-matches/acc_assign_b/assignment/${uids['rita@acme.test']}`,
    });
    expect(res.statusCode).toBe(401);
    expect(await territoryOf('rita@acme.test')).toEqual(['acc_assign_b']);
  });
});
