import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestAccount } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Issue #13's list takeover, step by step, and what a shared user may do with the owner's lists.
let t: TestApp;
let mike: string;
let rita: string;
const uid: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [mike, rita] = await Promise.all([t.signIn('mike@acme.test'), t.signIn('rita@acme.test')]);
  for (const email of ['mike@acme.test', 'rita@acme.test']) uid[email] = await t.uidOf(email);
  await insertTestAccount(t.handle.db, 'acc_rights', 'Rights Test Stores');
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function created(cookie: string, url: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await call(cookie, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const workspace = (cookie: string, name: string, shared_users: string[] = []) =>
  created(cookie, '/api/workspaces', { name, shared_users });
const list = (cookie: string, workspaceId: string, name: string) =>
  created(cookie, `/api/workspaces/${workspaceId}/lists`, { name, type: 'accounts' });
const ACCOUNT = 'acc_rights';

describe("a colleague's private list", () => {
  it('cannot be attached to another workspace: the id answers like one that does not exist', async () => {
    const mikes = await workspace(mike, 'Mike private');
    const secret = await list(mike, mikes.id, 'Mike secret list');
    await call(mike, 'POST', `/api/lists/${secret.id}/members`, { ids: [ACCOUNT] });
    const ritas = await workspace(rita, 'Rita own');

    expect((await call(rita, 'GET', `/api/lists/${secret.id}`)).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['POST', `/api/workspaces/${ritas.id}/items`, { list_ids: [secret.id] }],
      ['PUT', `/api/workspaces/${ritas.id}/items`, { items: [secret.id] }],
    ] as const) {
      const taken = await call(rita, method, url, body);
      const missing = await call(
        rita,
        method,
        url,
        'list_ids' in body ? { list_ids: ['no-such'] } : { items: ['no-such'] },
      );
      expect(taken.statusCode, taken.body).toBe(400);
      // The same answer as for an id that does not exist, so probing tells nothing.
      expect(taken.json().error.message.replace(secret.id, 'ID')).toBe(
        missing.json().error.message.replace('no-such', 'ID'),
      );
    }
    expect((await call(rita, 'GET', `/api/workspaces/${ritas.id}`)).json().workspace.items).toEqual([]);
    expect((await call(rita, 'GET', `/api/lists/${secret.id}/members`)).statusCode).toBe(404);
    expect((await call(rita, 'PATCH', `/api/lists/${secret.id}`, { name: 'Renamed by Rita' })).statusCode).toBe(404);
    expect((await call(rita, 'DELETE', `/api/lists/${secret.id}`)).statusCode).toBe(404);

    // Deleting her workspace leaves Mike's list alone.
    expect((await call(rita, 'DELETE', `/api/workspaces/${ritas.id}`)).statusCode).toBe(204);
    const still = await call(mike, 'GET', `/api/lists/${secret.id}`);
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ name: 'Mike secret list', member_count: 1, can_manage: true });
  });

  it('is out of reach once its workspace stops being shared, even by an id seen before', async () => {
    const shared = await workspace(mike, 'Mike team', [uid['rita@acme.test'] as string]);
    const seen = await list(mike, shared.id, 'Seen list');
    expect((await call(rita, 'GET', `/api/lists/${seen.id}`)).statusCode).toBe(200);
    const ritas = await workspace(rita, 'Rita keeps');
    // While shared, she still may not carry it into a workspace of her own.
    expect((await call(rita, 'POST', `/api/workspaces/${ritas.id}/items`, { list_ids: [seen.id] })).statusCode).toBe(
      400,
    );
    await call(mike, 'POST', `/api/workspaces/${shared.id}/shared-users/remove`, { uids: [uid['rita@acme.test']] });
    expect((await call(rita, 'POST', `/api/workspaces/${ritas.id}/items`, { list_ids: [seen.id] })).statusCode).toBe(
      400,
    );
    expect((await call(rita, 'GET', `/api/lists/${seen.id}`)).statusCode).toBe(404);
  });
});

describe('what a shared user may do in the owner’s workspace', () => {
  it("works with the owner's lists and adds their own, but cannot rename, delete, detach or reorder the owner's", async () => {
    const team = await workspace(mike, 'Shared deals', [uid['rita@acme.test'] as string]);
    const owners = await list(mike, team.id, 'Owner list');
    const account = ACCOUNT;

    // Fair use of sharing: members in and out, and a list of her own in the workspace.
    expect((await call(rita, 'POST', `/api/lists/${owners.id}/members`, { ids: [account] })).statusCode).toBe(200);
    expect((await call(rita, 'POST', `/api/lists/${owners.id}/members/remove`, { ids: [account] })).statusCode).toBe(
      200,
    );
    const hers = await list(rita, team.id, 'Rita list');
    const shown = (await call(rita, 'GET', `/api/workspaces/${team.id}`)).json().lists as {
      id: string;
      can_manage: boolean;
    }[];
    expect(Object.fromEntries(shown.map((l) => [l.id, l.can_manage]))).toEqual({
      [owners.id]: false,
      [hers.id]: true,
    });

    // Not hers to change: 403, and nothing changes.
    expect((await call(rita, 'PATCH', `/api/lists/${owners.id}`, { name: 'Taken' })).statusCode).toBe(403);
    expect((await call(rita, 'DELETE', `/api/lists/${owners.id}`)).statusCode).toBe(403);
    expect(
      (await call(rita, 'POST', `/api/workspaces/${team.id}/items/remove`, { list_ids: [owners.id] })).statusCode,
    ).toBe(403);
    expect((await call(rita, 'PUT', `/api/workspaces/${team.id}/items`, { items: [] })).statusCode).toBe(403);
    const after = (await call(mike, 'GET', `/api/workspaces/${team.id}`)).json();
    expect(after.workspace.items).toEqual([owners.id, hers.id]);
    expect(after.lists.map((l: { name: string }) => l.name)).toEqual(['Owner list', 'Rita list']);

    // Her own list she renames and takes out; the owner manages every list in his workspace.
    expect((await call(rita, 'PATCH', `/api/lists/${hers.id}`, { name: 'Rita renamed' })).statusCode).toBe(200);
    expect((await call(mike, 'PATCH', `/api/lists/${hers.id}`, { name: 'Mike renamed' })).statusCode).toBe(200);
    expect(
      (await call(mike, 'PUT', `/api/workspaces/${team.id}/items`, { items: [hers.id, owners.id] })).statusCode,
    ).toBe(200);
    const out = await call(rita, 'POST', `/api/workspaces/${team.id}/items/remove`, { list_ids: [hers.id] });
    expect(out.statusCode).toBe(200);
    expect(out.json().items).toEqual([owners.id]);
  });

  it('keeps a list another workspace still holds when a workspace holding it is deleted', async () => {
    const team = await workspace(mike, 'Team to delete', [uid['rita@acme.test'] as string]);
    const ritas = await workspace(rita, 'Rita home');
    const hers = await list(rita, ritas.id, 'Rita carried');
    expect((await call(rita, 'POST', `/api/workspaces/${team.id}/items`, { list_ids: [hers.id] })).statusCode).toBe(
      200,
    );
    const only = await list(mike, team.id, 'Only here');
    expect((await call(mike, 'DELETE', `/api/workspaces/${team.id}`)).statusCode).toBe(204);
    expect((await call(rita, 'GET', `/api/lists/${hers.id}`)).statusCode).toBe(200);
    expect((await call(rita, 'GET', `/api/workspaces/${ritas.id}`)).json().workspace.items).toEqual([hers.id]);
    expect((await call(mike, 'GET', `/api/lists/${only.id}`)).statusCode).toBe(404);
  });
});

describe('lists created in one workspace at once', () => {
  it('all land in its items, in distinct positions (concurrent requests, both engines)', async () => {
    const busy = await workspace(mike, 'Busy workspace');
    const made = await Promise.all(Array.from({ length: 10 }, (_, i) => list(mike, busy.id, `Parallel ${i}`)));
    const { workspace: after } = (await call(mike, 'GET', `/api/workspaces/${busy.id}`)).json();
    expect([...after.items].sort()).toEqual(made.map((m) => m.id).sort());
    const positions = await t.handle.db
      .selectFrom('workspace_items')
      .select('position')
      .where('workspace_id', '=', busy.id)
      .execute();
    expect(new Set(positions.map((p) => p.position)).size).toBe(10);
  });
});
