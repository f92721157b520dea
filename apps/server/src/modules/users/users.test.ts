import { DEFAULT_EXCHANGE_RATES } from '@quarry/shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let ada: string;
let gus: string;
beforeAll(async () => {
  t = await createTestApp();
  [ada, gus] = await Promise.all([t.signIn('ada@acme.test'), t.signIn('gus@globex.test')]);
});
afterAll(() => t?.close());

const ACME = ['ada@acme.test', 'admin@acme.test', 'mike@acme.test', 'raj@acme.test', 'rita@acme.test'];
const GLOBEX = ['gail@globex.test', 'gus@globex.test'];

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const patchMe = (cookie: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload: payload as Record<string, unknown> });

describe('GET /api/me', () => {
  it('answers my user document and my company configuration', async () => {
    const res = await me(ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        uid: await t.uidOf('ada@acme.test'),
        email: 'ada@acme.test',
        display_name: 'Ada Lovelace',
        company: 'tnt_acme',
        is_admin: true,
        is_manager: false,
        is_support: false,
        preferences: { ai_email_preferences: { rules: [], example_emails: [] } },
      },
      company_configuration: {
        master_tenant_id: 'tnt_acme',
        company_name: 'Acme Analytics',
        tenant_preferences: { ai_email_preferences: { rules: [], example_emails: [] } },
        integrations: [],
      },
      impersonation: null,
      // Revenue is held in US dollars; the reader's currency is reached at these rates.
      exchange_rates: DEFAULT_EXCHANGE_RATES,
      // Help hosted outside Quarry: support by email unless configured, the others where configured.
      help_links: {
        support: `mailto:${t.config.supportEmail}`,
        changelog: null,
        actions: null,
        actions_request: null,
        sequence_variables: null,
      },
    });
  });

  it('marks the manager and the support account for what they are', async () => {
    const mike = (await me(await t.signIn('mike@acme.test'))).json();
    expect(mike.user).toMatchObject({ is_admin: false, is_manager: true, is_support: false });
    const support = (await me(await t.signIn(t.config.supportEmail))).json();
    expect(support.user).toMatchObject({ display_name: 'Support', is_support: true });
  });

  it('answers 401 without a session or with a forged cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await me('better-auth.session_token=forged.value');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: { code: 'unauthorized', message: 'Please sign in' } });
  });
});

describe('PATCH /api/me', () => {
  it('changes my display name', async () => {
    const cookie = await t.signIn('rita@acme.test');
    const res = await patchMe(cookie, { field: 'display_name', value: 'Rita Revenue' });
    expect(res.statusCode).toBe(200);
    expect(res.json().display_name).toBe('Rita Revenue');
    expect((await me(cookie)).json().user.display_name).toBe('Rita Revenue');
  });

  it('changes my language and keeps my other preferences', async () => {
    const cookie = await t.signIn('raj@acme.test');
    expect((await patchMe(cookie, { field: 'preferences.theme', value: 'dark' })).statusCode).toBe(200);
    const res = await patchMe(cookie, { field: 'preferences.language', value: 'ko' });
    expect(res.statusCode).toBe(200);
    expect((await me(cookie)).json().user.preferences).toEqual({
      ai_email_preferences: { rules: [], example_emails: [] },
      theme: 'dark',
      language: 'ko',
    });
  });

  it('remembers that I dismissed the first-run guide, and reopens it; refuses any other state with 400', async () => {
    const cookie = await t.signIn('mike@acme.test');
    expect((await me(cookie)).json().user.preferences.first_run_guide).toBeUndefined();
    expect((await patchMe(cookie, { field: 'preferences.first_run_guide', value: 'dismissed' })).statusCode).toBe(200);
    expect((await me(cookie)).json().user.preferences.first_run_guide).toBe('dismissed');
    expect((await patchMe(cookie, { field: 'preferences.first_run_guide', value: 'open' })).statusCode).toBe(200);
    expect((await me(cookie)).json().user.preferences.first_run_guide).toBe('open');
    const bad = await patchMe(cookie, { field: 'preferences.first_run_guide', value: 'hidden' });
    expect(bad.statusCode).toBe(400);
    expect((await me(cookie)).json().user.preferences.first_run_guide).toBe('open');
    // Another member's guide is theirs alone.
    expect((await me(ada)).json().user.preferences.first_run_guide).toBeUndefined();
  });

  it('refuses a language Quarry does not offer', async () => {
    const res = await patchMe(ada, { field: 'preferences.language', value: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it.each([
    { field: 'company', value: 'tnt_globex' },
    { field: 'is_admin', value: true },
    { field: 'is_manager', value: true },
    { field: 'email', value: 'someone@else.test' },
  ])('refuses to change $field with 400 and changes nothing', async (body) => {
    const cookie = await t.signIn('rita@acme.test');
    const before = (await me(cookie)).json();
    const res = await patchMe(cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('field');
    expect((await me(cookie)).json()).toEqual(before);
  });

  it('refuses company smuggled beside an allowed field with 400 naming it, and changes nothing', async () => {
    const cookie = await t.signIn('rita@acme.test');
    const before = (await me(cookie)).json();
    const res = await patchMe(cookie, {
      field: 'display_name',
      value: 'Sneaky',
      company: 'tnt_globex',
      is_admin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/company|is_admin/);
    expect((await me(cookie)).json()).toEqual(before);
  });

  it('refuses a display name over 120 characters with 400 naming the value, and changes nothing', async () => {
    const before = (await me(ada)).json();
    const res = await patchMe(ada, { field: 'display_name', value: 'x'.repeat(121) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('value');
    expect((await me(ada)).json()).toEqual(before);
    expect((await patchMe(ada, { field: 'display_name', value: 'y'.repeat(120) })).statusCode).toBe(200);
    await patchMe(ada, { field: 'display_name', value: before.user.display_name });
  });

  it('refuses an empty display name', async () => {
    expect((await patchMe(ada, { field: 'display_name', value: '   ' })).statusCode).toBe(400);
  });

  it('refuses a value of the wrong type', async () => {
    const res = await patchMe(ada, { field: 'display_name', value: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('value');
  });

  it.each([
    '<script>alert("x")</script><img src=x onerror=alert(1)>',
    "Robert'); DROP TABLE users;--",
    '" OR 1=1 -- \\ %_ ü 日本語 😀',
  ])('stores %s verbatim and answers it as text', async (name) => {
    const cookie = await t.signIn('mike@acme.test');
    const res = await patchMe(cookie, { field: 'display_name', value: name });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((await me(cookie)).json().user.display_name).toBe(name);
    const row = await t.handle.db
      .selectFrom('users')
      .select('display_name')
      .where('email', '=', 'mike@acme.test')
      .executeTakeFirstOrThrow();
    expect(row.display_name).toBe(name);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: ada } })).json();
    expect(listed.users.find((u: { email: string }) => u.email === 'mike@acme.test').display_name).toBe(name);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { field: 'display_name', value: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/users', () => {
  it('lists the users of my company only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: ada } });
    expect(res.statusCode).toBe(200);
    const emails = res
      .json()
      .users.map((u: { email: string }) => u.email)
      .sort();
    expect(emails).toEqual(ACME);
  });

  it('with pickable=true leaves out service accounts (admin@), for lists of people to pick', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users?pickable=true', headers: { cookie: ada } });
    expect(res.statusCode).toBe(200);
    const emails = res
      .json()
      .users.map((u: { email: string }) => u.email)
      .sort();
    expect(emails).toEqual(ACME.filter((e) => e !== 'admin@acme.test'));
  });

  it('answers 400 naming pickable for a value other than true or false', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users?pickable=yes', headers: { cookie: ada } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^pickable: /);
  });

  it('never shows gus an Acme user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: gus } });
    const users = res.json().users as { uid: string; email: string; display_name: string }[];
    expect(users.map((u) => u.email).sort()).toEqual(GLOBEX);
    expect(Object.keys(users[0] ?? {}).sort()).toEqual(['display_name', 'email', 'uid']);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/by-ids', () => {
  const byIds = (cookie: string, uids: string[]) =>
    t.app.inject({ method: 'POST', url: '/api/users/by-ids', headers: { cookie }, payload: { uids } });
  const uidsOf = (emails: string[]) => Promise.all(emails.map((e) => t.uidOf(e)));

  it('answers the users of my company among the ids asked', async () => {
    const res = await byIds(ada, await uidsOf(['mike@acme.test', 'rita@acme.test']));
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['mike@acme.test', 'rita@acme.test']);
  });

  it('leaves out users of another company, as if they did not exist', async () => {
    const res = await byIds(gus, await uidsOf([...ACME, 'gail@globex.test']));
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: { email: string }) => u.email)).toEqual(['gail@globex.test']);
  });

  it('finds every one of more than 30 ids, past the first batch of 30', async () => {
    const unknown = Array.from({ length: 40 }, (_, i) => `missing-uid-${i}`);
    const acme = await uidsOf(ACME);
    const globex = await uidsOf(GLOBEX);
    const uids = [...unknown, ...globex, ...acme, ...acme];
    expect(uids.indexOf(acme[0] as string)).toBeGreaterThanOrEqual(30);
    const res = await byIds(ada, uids);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(ACME);
  });

  it('refuses an empty list and an unknown field with 400', async () => {
    expect((await byIds(ada, [])).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/by-ids',
      headers: { cookie: ada },
      payload: { uids: ['x'], tenant_id: 'tnt_globex' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('tenant_id');
  });
});
