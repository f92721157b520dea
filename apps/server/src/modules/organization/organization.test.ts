import type { Member } from '@quarry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../testing/test-app.ts';
import { hashToken } from './organization.repository.ts';

let t: TestApp;
let ada: string;
let mike: string;
let rita: string;
let gail: string;
const uid: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [ada, mike, rita, gail] = await Promise.all([
    t.signIn('ada@acme.test'),
    t.signIn('mike@acme.test'),
    t.signIn('rita@acme.test'),
    t.signIn('gail@globex.test'),
  ]);
  for (const email of [
    'ada@acme.test',
    'mike@acme.test',
    'rita@acme.test',
    'gus@globex.test',
    'support@quarry.test',
    'admin@acme.test',
  ]) {
    uid[email] = await t.uidOf(email);
  }
});
afterAll(() => t?.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const roles = async (email: string) =>
  t.handle.db
    .selectFrom('users')
    .select(['is_admin', 'is_manager'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe('organization members', () => {
  it('lists the tenant members with roles for admins and managers, and refuses a regular user (403)', async () => {
    const res = await call(mike, 'GET', '/api/organization/members');
    expect(res.statusCode).toBe(200);
    const members = res.json().members as Member[];
    expect(members.map((m) => m.email)).toEqual(expect.arrayContaining(['ada@acme.test', 'rita@acme.test']));
    expect(members.map((m) => m.email)).not.toContain('gus@globex.test');
    expect(members.find((m) => m.email === 'admin@acme.test')?.is_service_account).toBe(true);
    expect(members.find((m) => m.email === 'ada@acme.test')).toMatchObject({
      is_admin: true,
      is_service_account: false,
    });
    expect((await call(rita, 'GET', '/api/organization/members')).statusCode).toBe(403);
  });

  it('lets an admin grant and revoke manager and admin', async () => {
    const granted = await call(ada, 'PUT', `/api/organization/members/${uid['rita@acme.test']}/roles`, {
      is_admin: true,
      is_manager: true,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ is_admin: true, is_manager: true });
    expect(await roles('rita@acme.test')).toEqual({ is_admin: 1, is_manager: 1 });
    await call(ada, 'PUT', `/api/organization/members/${uid['rita@acme.test']}/roles`, {
      is_admin: false,
      is_manager: false,
    });
    expect(await roles('rita@acme.test')).toEqual({ is_admin: 0, is_manager: 0 });
  });

  it("refuses role changes by a manager (403) and on another tenant's user (404), changing nothing", async () => {
    const byManager = await call(mike, 'PUT', `/api/organization/members/${uid['rita@acme.test']}/roles`, {
      is_admin: true,
      is_manager: false,
    });
    expect(byManager.statusCode).toBe(403);
    const otherTenant = await call(ada, 'PUT', `/api/organization/members/${uid['gus@globex.test']}/roles`, {
      is_admin: true,
      is_manager: true,
    });
    expect(otherTenant.statusCode).toBe(404);
    expect(await roles('rita@acme.test')).toEqual({ is_admin: 0, is_manager: 0 });
    expect(await roles('gus@globex.test')).toEqual({ is_admin: 0, is_manager: 0 });
  });

  it('never changes a service account’s roles, as the screen shows them fixed', async () => {
    const res = await call(ada, 'PUT', `/api/organization/members/${uid['admin@acme.test']}/roles`, {
      is_admin: true,
      is_manager: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details).toMatchObject({ reason: 'service_account_roles_fixed' });
    expect(await roles('admin@acme.test')).toEqual({ is_admin: 0, is_manager: 0 });
  });

  it('never changes the support account and never leaves a tenant without an admin', async () => {
    // Support lives in its own tenant; Quarry's own admin would be the one to try.
    await t.handle.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', 'gail@globex.test').execute();
    await t.handle.db
      .updateTable('users')
      .set({ company: 'tnt_globex' })
      .where('email', '=', 'support@quarry.test')
      .execute();
    try {
      const support = await call(gail, 'PUT', `/api/organization/members/${uid['support@quarry.test']}/roles`, {
        is_admin: true,
        is_manager: true,
      });
      expect(support.statusCode).toBe(403);
      expect(await roles('support@quarry.test')).toEqual({ is_admin: 0, is_manager: 0 });
    } finally {
      await t.handle.db
        .updateTable('users')
        .set({ company: 'tnt_quarry' })
        .where('email', '=', 'support@quarry.test')
        .execute();
    }
    const lastAdmin = await call(ada, 'PUT', `/api/organization/members/${uid['ada@acme.test']}/roles`, {
      is_admin: false,
      is_manager: true,
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().error.message).toBe('A company needs at least one admin');
    expect(lastAdmin.json().error.details).toEqual({ reason: 'last_admin' });
    expect(await roles('ada@acme.test')).toEqual({ is_admin: 1, is_manager: 0 });
  });
});

describe('invitations', () => {
  it('emails a sign-up link that creates a member of the inviting tenant, once', async () => {
    const res = await call(ada, 'POST', '/api/organization/invitations', {
      email: 'New.Hire@Acme.test',
      display_name: 'Nia Newhire',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = t.mailer.messages.at(-1);
    expect(mail?.to).toBe('new.hire@acme.test');
    const token = new URL(mail?.link ?? '').searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);
    // Only a hash is stored.
    const stored = await t.handle.db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', 'new.hire@acme.test')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.json()).toEqual({
      email: 'new.hire@acme.test',
      display_name: 'Nia Newhire',
      company_name: 'Acme Analytics',
    });
    const pending = (await call(mike, 'GET', '/api/organization/invitations')).json().invitations;
    expect(pending.map((i: { email: string }) => i.email)).toContain('new.hire@acme.test');

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, display_name: 'Nia N.', password: 'a-long-password' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepting signs the new member in (issue #17, item 10): the answer is theirs and sets the session.
    expect(accepted.json().user).toMatchObject({ email: 'new.hire@acme.test', company: 'tnt_acme' });
    const me = await call(sessionCookie(accepted), 'GET', '/api/me');
    expect(me.json().user).toMatchObject({ company: 'tnt_acme', display_name: 'Nia N.', is_admin: false });
    // A new member meets the first-run guide on Home (issue #17, item 14).
    expect(me.json().user.preferences.first_run_guide).toBe('open');
    // The password chosen is the one that signs in from then on.
    await t.signIn('new.hire@acme.test', 'a-long-password');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, display_name: 'Someone', password: 'another-password' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('This invitation is no longer valid');
  });

  it('refuses invitations from non-admins, for existing emails and with bad input', async () => {
    const before = t.mailer.messages.length;
    expect(
      (await call(mike, 'POST', '/api/organization/invitations', { email: 'x@acme.test', display_name: 'X' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(rita, 'POST', '/api/organization/invitations', { email: 'x@acme.test', display_name: 'X' }))
        .statusCode,
    ).toBe(403);
    const taken = await call(ada, 'POST', '/api/organization/invitations', {
      email: 'rita@acme.test',
      display_name: 'R',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('email: Someone already signs in with this email address');
    const bad = await call(ada, 'POST', '/api/organization/invitations', { email: 'not-an-email', display_name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^email: /);
    expect(t.mailer.messages.length).toBe(before);
  });

  it("answers an address of another tenant exactly like a new one, and leaves that tenant's user as they were", async () => {
    const gus = await t.signIn('gus@globex.test');
    const userBefore = await t.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'gus@globex.test')
      .executeTakeFirstOrThrow();
    const mailsBefore = t.mailer.messages.length;

    const fresh = await call(ada, 'POST', '/api/organization/invitations', {
      email: 'fresh.face@acme.test',
      display_name: 'Fresh',
    });
    const elsewhere = await call(ada, 'POST', '/api/organization/invitations', {
      email: 'gus@globex.test',
      display_name: 'Gus',
    });
    expect(fresh.statusCode).toBe(201);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(Object.keys(elsewhere.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(elsewhere.json()).toMatchObject({
      email: 'gus@globex.test',
      display_name: 'Gus',
      invited_by: uid['ada@acme.test'],
    });
    // Both are pending in Acme, stored the same way, and both sent one mail.
    const pending = (await call(ada, 'GET', '/api/organization/invitations')).json().invitations;
    expect(pending.map((i: { email: string }) => i.email)).toEqual(
      expect.arrayContaining(['fresh.face@acme.test', 'gus@globex.test']),
    );
    const stored = await t.handle.db
      .selectFrom('invitations')
      .select(['email', 'tenant_id', 'accepted_at'])
      .where('id', '=', elsewhere.json().id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: 'gus@globex.test', tenant_id: 'tnt_acme', accepted_at: null });
    expect(t.mailer.messages.length).toBe(mailsBefore + 2);
    // Gus's own mail carries no sign-up link; nothing about Gus changed, and his session still works.
    expect(t.mailer.messages.at(-1)).toMatchObject({ to: 'gus@globex.test' });
    expect(t.mailer.messages.at(-1)?.link).toBeUndefined();
    const userAfter = await t.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'gus@globex.test')
      .executeTakeFirstOrThrow();
    expect(userAfter).toEqual(userBefore);
    const me = await call(gus, 'GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'gus@globex.test', company: 'tnt_globex', is_admin: false });
  });

  it('never moves a user between tenants, even with a link to an invitation for their address', async () => {
    // A link can exist for an address that signed up elsewhere after being invited.
    const token = 'a-token-for-an-address-that-signs-in-at-globex';
    await t.handle.db
      .insertInto('invitations')
      .values({
        id: 'inv-gus-test',
        tenant_id: 'tnt_acme',
        email: 'gus@globex.test',
        display_name: 'Gus',
        token_hash: hashToken(token),
        invited_by: uid['ada@acme.test'] as string,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        accepted_at: null,
      })
      .execute();
    const userBefore = await t.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'gus@globex.test')
      .executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, display_name: 'Gus at Acme', password: 'a-long-password' },
    });
    expect(accepted.statusCode).toBe(404);
    expect(accepted.json().error.message).toBe('This invitation is no longer valid');
    const userAfter = await t.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'gus@globex.test')
      .executeTakeFirstOrThrow();
    expect(userAfter).toEqual(userBefore);
    // His password is still the one he had.
    expect(await t.signIn('gus@globex.test')).toBeTruthy();
  });

  it('lets an admin revoke a pending invitation, after which its link is dead', async () => {
    const created = (
      await call(ada, 'POST', '/api/organization/invitations', { email: 'later@acme.test', display_name: 'Later' })
    ).json();
    const token = new URL(t.mailer.messages.at(-1)?.link ?? '').searchParams.get('token') ?? '';
    expect((await call(gail, 'DELETE', `/api/organization/invitations/${created.id}`)).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/api/organization/invitations/${created.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
  });
});
