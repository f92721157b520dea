import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acrossTenants } from '../../db/tenant-scope.ts';
import { analyticsEvent } from '../../testing/analytics-event.ts';
import { testContact } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const MINUTE_MS = 60_000;
/** The server's clock runs this far ahead of the real one; tests move it instead of sleeping. */
let clockOffsetMs = 0;

let t: TestApp;
let ritaUid: string;
let rajUid: string;
let gusUid: string;
let supportUid: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + clockOffsetMs) });
  [ritaUid, rajUid, gusUid, supportUid] = await Promise.all([
    t.uidOf('rita@acme.test'),
    t.uidOf('raj@acme.test'),
    t.uidOf('gus@globex.test'),
    t.uidOf(t.config.supportEmail),
  ]);
  const account = (id: string, name: string) => ({
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
  });
  await t.handle.db
    .insertInto('master_accounts')
    .values([account('acc_rita', 'Rita Corp'), account('acc_raj', 'Raj Corp'), account('acc_gus', 'Gus Corp')])
    .execute();
  const territory = (email: string, ids: string[]) =>
    t.signIn(email).then((cookie) => send(cookie, 'POST', '/api/territory', { master_account_ids: ids }));
  await territory('rita@acme.test', ['acc_rita']);
  await territory('raj@acme.test', ['acc_raj']);
  await territory('gus@globex.test', ['acc_gus']);
});
afterAll(() => t?.close());
beforeEach(() => {
  clockOffsetMs = 0;
});

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (cookie: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const start = (cookie: string, payload: unknown) => send(cookie, 'POST', '/api/support/impersonation', payload);
const stop = (cookie: string) => send(cookie, 'DELETE', '/api/support/impersonation');
const me = async (cookie: string) => (await get(cookie, '/api/me')).json();

// audit_log is a tenant table (#14): the test reads every tenant's entries.
const auditRows = () => acrossTenants(t.handle.db).selectFrom('audit_log').selectAll().orderBy('id').execute();
const impersonationRows = () => t.handle.db.selectFrom('impersonations').selectAll().execute();
const territoryNames = async (cookie: string) =>
  (await send(cookie, 'POST', '/api/accounts/query', { scope: 'territory' }))
    .json()
    .rows.map((r: { account_name: string }) => r.account_name);

describe('Support Tools search', () => {
  it('finds users of every tenant by name, email or company, with tenant, roles and last sign-in', async () => {
    const support = await t.signIn(t.config.supportEmail);
    const byName = await get(support, '/api/support/users?q=RITA');
    expect(byName.statusCode).toBe(200);
    const rita = byName.json().users.find((u: { email: string }) => u.email === 'rita@acme.test');
    expect(rita).toMatchObject({ uid: ritaUid, tenant_id: 'tnt_acme', tenant_name: 'Acme Analytics', roles: [] });
    expect(rita.last_login_at).toEqual(expect.any(String));

    const byCompany = (await get(support, '/api/support/users?q=globex')).json().users;
    expect(byCompany.map((u: { email: string }) => u.email).sort()).toEqual(['gail@globex.test', 'gus@globex.test']);
    expect(byCompany.find((u: { email: string }) => u.email === 'gail@globex.test').roles).toEqual(['admin']);

    const byEmail = (await get(support, '/api/support/users?q=mike@acme')).json().users;
    expect(byEmail).toEqual([expect.objectContaining({ email: 'mike@acme.test', roles: ['manager'] })]);
  });

  it('takes % and _ in the search literally', async () => {
    const support = await t.signIn(t.config.supportEmail);
    expect((await get(support, '/api/support/users?q=%25')).json().users).toEqual([]);
  });

  it('answers "User not found" for an unknown uid', async () => {
    const support = await t.signIn(t.config.supportEmail);
    const res = await get(support, '/api/support/users/no-such-uid');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('User not found');
    expect((await get(support, `/api/support/users/${gusUid}`)).json()).toMatchObject({ tenant_name: 'Globex' });
  });
});

describe('refusals', () => {
  it.each(['rita@acme.test', 'ada@acme.test', 'mike@acme.test'])(
    'answers 403 to %s on every support endpoint and changes nothing',
    async (email) => {
      const cookie = await t.signIn(email);
      const [audit, impersonations] = [await auditRows(), await impersonationRows()];
      expect((await get(cookie, '/api/support/users?q=a')).statusCode).toBe(403);
      expect((await get(cookie, `/api/support/users/${gusUid}`)).statusCode).toBe(403);
      expect((await start(cookie, { uid: gusUid, reason: 'curious' })).statusCode).toBe(403);
      // Refused before the body is read: a bad body still answers 403, not 400.
      expect((await start(cookie, {})).statusCode).toBe(403);
      expect((await stop(cookie)).statusCode).toBe(403);
      expect((await me(cookie)).user.email).toBe(email);
      expect(await auditRows()).toEqual(audit);
      expect(await impersonationRows()).toEqual(impersonations);
    },
  );

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/support/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/support/impersonation' })).statusCode).toBe(401);
  });

  it.each([
    [{ uid: 'x' }, 'reason'],
    [{ uid: 'x', reason: '   ' }, 'reason'],
    [{ reason: 'ticket 42' }, 'uid'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const support = await t.signIn(t.config.supportEmail);
    const res = await start(support, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(new RegExp(`^${field}`));
    expect((await me(support)).impersonation).toBeNull();
  });

  it('says a reason over 500 characters is too long, not missing', async () => {
    const support = await t.signIn(t.config.supportEmail);
    const res = await start(support, { uid: ritaUid, reason: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('reason: A reason is at most 500 characters');
    expect((await me(support)).impersonation).toBeNull();
  });

  it('refuses to impersonate the support account itself', async () => {
    const support = await t.signIn(t.config.supportEmail);
    const before = await impersonationRows();
    const res = await start(support, { uid: supportUid, reason: 'ticket 42' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('cannot impersonate itself');
    expect(await impersonationRows()).toEqual(before);
  });

  it('answers "User not found" for an unknown target', async () => {
    const support = await t.signIn(t.config.supportEmail);
    const res = await start(support, { uid: 'no-such-uid', reason: 'ticket 42' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('User not found');
  });

  it('refuses to nest an impersonation in another', async () => {
    const support = await t.signIn(t.config.supportEmail);
    expect((await start(support, { uid: ritaUid, reason: 'ticket 42' })).statusCode).toBe(200);
    const before = await impersonationRows();
    const nested = await start(support, { uid: gusUid, reason: 'ticket 43' });
    expect(nested.statusCode).toBe(409);
    expect(nested.json().error.details).toEqual({ reason: 'already_impersonating' });
    expect((await me(support)).user.email).toBe('rita@acme.test');
    expect(await impersonationRows()).toEqual(before);
    expect((await stop(support)).statusCode).toBe(200);
  });

  it('answers 409 to stop when nothing is impersonated', async () => {
    const support = await t.signIn(t.config.supportEmail);
    const refused = await stop(support);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual({ reason: 'no_impersonation' });
  });
});

describe('impersonating rita', () => {
  it('acts as rita inside her tenant only, and audits the start, every write and the stop', async () => {
    const support = await t.signIn(t.config.supportEmail);
    const auditBefore = (await auditRows()).length;

    const started = await start(support, { uid: ritaUid, reason: 'Ticket 1234: list missing' });
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body.user).toMatchObject({ uid: ritaUid, email: 'rita@acme.test', company: 'tnt_acme', is_support: false });
    expect(body.company_configuration.company_name).toBe('Acme Analytics');
    expect(body.impersonation).toMatchObject({
      impersonator_uid: supportUid,
      impersonator_email: t.config.supportEmail,
      reason: 'Ticket 1234: list missing',
    });
    const minutes = (Date.parse(body.impersonation.expires_at) - Date.parse(body.impersonation.started_at)) / MINUTE_MS;
    expect(minutes).toBe(60);
    expect((await me(support)).user.email).toBe('rita@acme.test');

    // Only Acme's data: its users, rita's territory; Globex stays invisible.
    const users = (await get(support, '/api/users')).json().users.map((u: { email: string }) => u.email);
    expect(users).toContain('rita@acme.test');
    expect(users.some((e: string) => e.endsWith('@globex.test') || e === t.config.supportEmail)).toBe(false);
    expect(await territoryNames(support)).toEqual(['Rita Corp']);
    expect((await send(support, 'POST', `/api/users/${gusUid}/territory/query`, {})).statusCode).toBe(404);

    // A write lands in rita's data and in the audit log.
    const write = await send(support, 'POST', '/api/territory', { master_account_ids: ['acc_gus'] });
    expect(write.statusCode).toBe(200);
    expect(await territoryNames(await t.signIn('rita@acme.test'))).toEqual(['Gus Corp', 'Rita Corp']);
    // Support Tools stay open during impersonation.
    expect((await get(support, '/api/support/users?q=rita')).statusCode).toBe(200);

    const stopped = await stop(support);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().user.email).toBe(t.config.supportEmail);
    expect(stopped.json().impersonation).toBeNull();
    expect((await me(support)).user.email).toBe(t.config.supportEmail);
    await send(await t.signIn('rita@acme.test'), 'DELETE', '/api/territory', { master_account_ids: ['acc_gus'] });

    const audit = (await auditRows()).slice(auditBefore);
    const id = (await impersonationRows()).find((r) => r.reason.startsWith('Ticket 1234'))?.id;
    expect(id).toEqual(expect.any(String));
    const expected = {
      tenant_id: 'tnt_acme',
      actor_uid: supportUid,
      actor_email: t.config.supportEmail,
      as_uid: ritaUid,
      as_email: 'rita@acme.test',
      impersonation_id: id,
    };
    expect(audit.map((r) => r.action)).toEqual(['impersonation.started', 'write', 'impersonation.stopped']);
    for (const row of audit) expect(row).toMatchObject(expected);
    expect(JSON.parse(audit[0]?.details ?? '{}').reason).toBe('Ticket 1234: list missing');
    expect(JSON.parse(audit[1]?.details ?? '{}')).toMatchObject({ method: 'POST', route: '/api/territory' });
    for (const row of audit) expect(Number.isNaN(Date.parse(row.occurred_at))).toBe(false);
  });

  it("refuses to open or close rita's first-run guide while impersonating her, and keeps her choice", async () => {
    const rita = await t.signIn('rita@acme.test');
    const patchMe = (cookie: string, value: 'open' | 'dismissed') =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie },
        payload: { field: 'preferences.first_run_guide', value },
      });
    const ritasGuide = async () => (await me(rita)).user.preferences.first_run_guide;
    expect((await patchMe(rita, 'open')).statusCode).toBe(200);
    const support = await t.signIn(t.config.supportEmail);
    expect((await start(support, { uid: ritaUid, reason: 'ticket guide' })).statusCode).toBe(200);
    try {
      const closed = await patchMe(support, 'dismissed');
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error.message).toMatch(/first-run guide/);
      expect(await ritasGuide()).toBe('open');

      expect((await patchMe(rita, 'dismissed')).statusCode).toBe(200);
      expect((await patchMe(support, 'open')).statusCode).toBe(403);
      expect(await ritasGuide()).toBe('dismissed');
    } finally {
      expect((await stop(support)).statusCode).toBe(200);
    }
    // Her own session still changes it.
    expect((await patchMe(rita, 'open')).statusCode).toBe(200);
    expect(await ritasGuide()).toBe('open');
    await patchMe(rita, 'dismissed');
  });

  it("refuses to change rita's language or theme while impersonating her, and keeps her own", async () => {
    const rita = await t.signIn('rita@acme.test');
    const patchMe = (cookie: string, field: 'preferences.language' | 'preferences.theme', value: string) =>
      send(cookie, 'PATCH', '/api/me', { field, value });
    expect((await patchMe(rita, 'preferences.language', 'fr')).statusCode).toBe(200);
    expect((await patchMe(rita, 'preferences.theme', 'light')).statusCode).toBe(200);
    const support = await t.signIn(t.config.supportEmail);
    expect((await start(support, { uid: ritaUid, reason: 'Ticket 17: language' })).statusCode).toBe(200);
    try {
      const language = await patchMe(support, 'preferences.language', 'ja');
      expect(language.statusCode).toBe(403);
      expect(language.json().error.message).toBe("Support cannot change the member's language while impersonating");
      const theme = await patchMe(support, 'preferences.theme', 'dark');
      expect(theme.statusCode).toBe(403);
      expect(theme.json().error.message).toBe("Support cannot change the member's theme while impersonating");
    } finally {
      expect((await stop(support)).statusCode).toBe(200);
    }
    const { preferences } = (await me(rita)).user;
    expect(preferences.language).toBe('fr');
    expect(preferences.theme).toBe('light');
    // Her own session still changes them.
    expect((await patchMe(rita, 'preferences.language', 'en')).statusCode).toBe(200);
    expect((await patchMe(rita, 'preferences.theme', 'system')).statusCode).toBe(200);
    expect((await me(rita)).user.preferences).toMatchObject({ language: 'en', theme: 'system' });
  });

  it("refuses to change rita's name or default Home filters while impersonating her", async () => {
    const rita = await t.signIn('rita@acme.test');
    const before = (await me(rita)).user;
    const support = await t.signIn(t.config.supportEmail);
    expect((await start(support, { uid: ritaUid, reason: 'Ticket 17: settings' })).statusCode).toBe(200);
    try {
      const name = await send(support, 'PATCH', '/api/me', {
        field: 'display_name',
        value: 'Rita (edited by support)',
      });
      expect(name.statusCode).toBe(403);
      expect(name.json().error.message).toBe("Support cannot change the member's name while impersonating");
      const filters = await send(support, 'PATCH', '/api/me', {
        field: 'preferences.home_filters',
        value: { tiers: ['tier_1'], hypothesis_ids: [], industries: [], mine: true },
      });
      expect(filters.statusCode).toBe(403);
    } finally {
      expect((await stop(support)).statusCode).toBe(200);
    }
    const after = (await me(rita)).user;
    expect(after.display_name).toBe(before.display_name);
    expect(after.preferences.home_filters).toEqual(before.preferences.home_filters);
  });

  it("marks a comment and a workspace written while impersonating rita as via Support, and rita's own as not", async () => {
    const ritaCookie = await t.signIn('rita@acme.test');
    await send(ritaCookie, 'POST', '/api/accounts/acc_gus/comments', { text: 'Rita herself' });
    const support = await t.signIn(t.config.supportEmail);
    expect((await start(support, { uid: ritaUid, reason: 'Ticket 77: comment' })).statusCode).toBe(200);
    try {
      expect(
        (await send(support, 'POST', '/api/accounts/acc_gus/comments', { text: 'Written by support' })).statusCode,
      ).toBe(200);
      const created = await send(support, 'POST', '/api/workspaces', { name: 'Made by support' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ created_by: ritaUid, created_via_support: true });
    } finally {
      await stop(support);
    }
    const comments = (await get(ritaCookie, '/api/accounts/acc_gus/comments')).json().comments as {
      text: string;
      author: { uid: string };
      via_support: boolean;
    }[];
    expect(comments.find((c) => c.text === 'Written by support')).toMatchObject({
      author: { uid: ritaUid },
      via_support: true,
    });
    expect(comments.find((c) => c.text === 'Rita herself')).toMatchObject({ via_support: false });
    const owned = (await get(ritaCookie, '/api/workspaces/owned')).json().workspaces as {
      name: string;
      created_via_support: boolean;
    }[];
    expect(owned.find((w) => w.name === 'Made by support')?.created_via_support).toBe(true);
  });

  it("marks an upload and a flow started while impersonating rita as via Support, and rita's own as not", async () => {
    await t.handle.db
      .insertInto('master_contacts')
      .values({
        ...testContact('ct_support_via', 'acc_rita', 'Vera', 'Buyer', 'Head of Procurement'),
        email: 'vera@rita-corp.example',
        email_status: 'verified',
      })
      .execute();
    const upload = (cookie: string, file: string) =>
      send(cookie, 'POST', '/api/uploads', {
        type: 'ACCOUNT_ID',
        input: 'acc_rita',
        file_name: file,
        destination: { type: 'territory' },
      });
    const flow = (cookie: string, from: string) =>
      send(cookie, 'POST', '/api/flows', {
        type: 'create_value_message',
        initiated_from: from,
        accounts: [{ master_account_id: 'acc_rita', contact_ids: ['ct_support_via'] }],
      });
    const ritaCookie = await t.signIn('rita@acme.test');
    const ownUpload = await upload(ritaCookie, 'rita-herself.csv');
    expect(ownUpload.statusCode, ownUpload.body).toBe(201);
    const ownFlow = await flow(ritaCookie, '/valueMatch/rita-herself');
    expect(ownFlow.statusCode, ownFlow.body).toBe(201);
    const support = await t.signIn(t.config.supportEmail);
    expect((await start(support, { uid: ritaUid, reason: 'Ticket 78: upload and flow' })).statusCode).toBe(200);
    let viaUpload: string;
    let viaFlow: string;
    try {
      const uploaded = await upload(support, 'by-support.csv');
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(uploaded.json()).toMatchObject({ created_by: { uid: ritaUid }, created_via_support: true });
      viaUpload = uploaded.json().id;
      const started = await flow(support, '/valueMatch/by-support');
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json()).toMatchObject({ initiated_by: { uid: ritaUid }, initiated_via_support: true });
      viaFlow = started.json().id;
    } finally {
      await stop(support);
    }
    await t.app.jobRunner.drain();
    // Rita reads them afterwards, in the list and one by one: the mark stays with the item.
    const uploads = (await get(ritaCookie, '/api/uploads')).json().uploads as {
      id: string;
      created_by: { uid: string };
      created_via_support: boolean;
    }[];
    expect(uploads.find((u) => u.id === viaUpload)).toMatchObject({
      created_by: { uid: ritaUid },
      created_via_support: true,
    });
    expect(uploads.find((u) => u.id === ownUpload.json().id)).toMatchObject({ created_via_support: false });
    expect((await get(ritaCookie, `/api/uploads/${viaUpload}`)).json()).toMatchObject({ created_via_support: true });
    const flows = (await get(ritaCookie, '/api/flows')).json().flows as {
      id: string;
      initiated_by: { uid: string };
      initiated_via_support: boolean;
    }[];
    expect(flows.find((f) => f.id === viaFlow)).toMatchObject({
      initiated_by: { uid: ritaUid },
      initiated_via_support: true,
    });
    expect(flows.find((f) => f.id === ownFlow.json().id)).toMatchObject({ initiated_via_support: false });
    expect((await get(ritaCookie, `/api/flows/${viaFlow}`)).json().flow).toMatchObject({
      initiated_via_support: true,
    });
  });

  it('gives analytics an identity token for rita that names the support account', async () => {
    const support = await t.signIn(t.config.supportEmail);
    await start(support, { uid: ritaUid, reason: 'ticket 7' });
    const token = await t.identityToken(support);
    expect(decodeJwt(token)).toMatchObject({
      sub: ritaUid,
      tenant_id: 'tnt_acme',
      email: 'rita@acme.test',
      impersonator_uid: supportUid,
      impersonator_email: t.config.supportEmail,
    });
    const event = analyticsEvent({
      email: 'rita@acme.test',
      user_id: ritaUid,
      tenant_id: 'tnt_acme',
      impersonated_tenant_id: 'tnt_acme',
      impersonated_user_id: ritaUid,
      impersonated_email: 'rita@acme.test',
      impersonator_email: t.config.supportEmail,
      impersonator_uid: supportUid,
    });
    const relay = await t.app.inject({
      method: 'POST',
      url: '/AnalyticsRelay',
      headers: { authorization: `Bearer ${token}` },
      payload: { events: [event] },
    });
    expect(relay.json()).toMatchObject({ accepted: 1 });
    // Apart from the member's own events: Reporting's counts are the team's usage.
    const stored = await t.handle.db
      .selectFrom('analytics_support_events')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ tenant_id: 'tnt_acme', user_id: ritaUid });
    expect(JSON.parse(stored.user_properties)).toMatchObject({ impersonator_uid: supportUid });
    await stop(support);
  });

  it('ends on its own after 60 minutes and records the end', async () => {
    const support = await t.signIn(t.config.supportEmail);
    await start(support, { uid: gusUid, reason: 'ticket 60' });
    clockOffsetMs = 59 * MINUTE_MS;
    expect((await me(support)).user.email).toBe('gus@globex.test');
    clockOffsetMs = 60 * MINUTE_MS;
    const after = await me(support);
    expect(after.user.email).toBe(t.config.supportEmail);
    expect(after.impersonation).toBeNull();
    const row = (await impersonationRows()).find((r) => r.reason === 'ticket 60');
    expect(row).toMatchObject({ end_reason: 'expired' });
    const audit = await acrossTenants(t.handle.db)
      .selectFrom('audit_log')
      .selectAll()
      .where('impersonation_id', '=', row?.id ?? '')
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['impersonation.started', 'impersonation.expired']);
    expect(audit[1]).toMatchObject({ tenant_id: 'tnt_globex', as_email: 'gus@globex.test' });
    // Back as itself, the support account may start a new one.
    expect((await start(support, { uid: gusUid, reason: 'ticket 61' })).statusCode).toBe(200);
    await stop(support);
  });

  it('is bound to the session: another support sign-in is not impersonating, and signing out ends it', async () => {
    const first = await t.signIn(t.config.supportEmail);
    await start(first, { uid: ritaUid, reason: 'ticket 8' });
    const second = await t.signIn(t.config.supportEmail);
    expect((await me(second)).user.email).toBe(t.config.supportEmail);
    await send(first, 'POST', '/api/session/logout');
    expect((await impersonationRows()).find((r) => r.reason === 'ticket 8')).toMatchObject({
      end_reason: 'signed_out',
    });
  });
});

describe('view-as: a colleague’s My Accounts', () => {
  const viewAs = (cookie: string, uid: string) => send(cookie, 'POST', `/api/users/${uid}/territory/query`, {});

  it('lets rita read raj’s territory, and changes nothing', async () => {
    const rita = await t.signIn('rita@acme.test');
    const res = await viewAs(rita, rajUid);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: { account_name: string }) => r.account_name)).toEqual(['Raj Corp']);
    expect(await territoryNames(rita)).toEqual(['Rita Corp']);
  });

  it('answers 404 for a user of another tenant, exactly like one that does not exist', async () => {
    const gus = await t.signIn('gus@globex.test');
    const foreign = await viewAs(gus, ritaUid);
    const missing = await viewAs(gus, 'no-such-uid');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});
