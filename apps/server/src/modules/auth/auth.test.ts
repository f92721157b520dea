import { LOGIN_MESSAGES } from '@quarry/shared';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const login = (body: Record<string, unknown>, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/session/login', payload: body });

describe('POST /api/session/login', () => {
  it('signs ada in and answers her user document with the company configuration', async () => {
    const res = await login({ email: 'ada@acme.test', password: t.config.demoPassword });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'ada@acme.test', company: 'tnt_acme', is_admin: true, is_manager: false });
    expect(body.company_configuration).toMatchObject({ master_tenant_id: 'tnt_acme', company_name: 'Acme Analytics' });
  });

  it('accepts the email in any letter case', async () => {
    const res = await login({ email: 'Mike@ACME.test', password: t.config.demoPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('mike@acme.test');
  });

  it('keeps the session in an HttpOnly, SameSite cookie that no script can read', async () => {
    const res = await login({ email: 'ada@acme.test', password: t.config.demoPassword });
    const setCookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(res.body).not.toContain(sessionCookie(res).split('=')[1]);
  });

  it('answers "No account found with this email address" for an unknown email', async () => {
    const res = await login({ email: 'nobody@acme.test', password: 'whatever-it-is' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'user_not_found', message: LOGIN_MESSAGES.userNotFound } });
    expect(res.json().error.message).toBe('No account found with this email address');
  });

  it('answers "Incorrect password" for a wrong password and sets no cookie', async () => {
    const res = await login({ email: 'raj@acme.test', password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'incorrect_password', message: 'Incorrect password' } });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('locks an email after 10 failures within 15 minutes, even for the right password, and leaves other accounts alone', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await login({ email: 'rita@acme.test', password: `wrong-password-${i}` });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      expect(res.json().error.message).toBe('Incorrect password');
    }
    const locked = await login({ email: 'rita@acme.test', password: 'wrong-password-11' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: 'login_locked', message: 'Too many login attempts. Please try again later.' },
    });

    const rightPassword = await login({ email: 'rita@acme.test', password: t.config.demoPassword });
    expect(rightPassword.statusCode).toBe(429);
    expect(rightPassword.json().error.message).toBe(LOGIN_MESSAGES.locked);
    expect(rightPassword.headers['set-cookie']).toBeUndefined();

    const other = await login({ email: 'gail@globex.test', password: t.config.demoPassword });
    expect(other.statusCode).toBe(200);
  });

  it('locks an unknown email after 10 attempts too, so accounts cannot be probed without limit', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: 'ghost@acme.test', password: 'whatever-it-is' });
      expect(res.json().error.message).toBe(LOGIN_MESSAGES.userNotFound);
    }
    const res = await login({ email: 'ghost@acme.test', password: 'whatever-it-is' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(LOGIN_MESSAGES.locked);
  });

  it('forgets failures older than 15 minutes', async () => {
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await t.handle.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: 12 }, () => ({
          email: 'admin@acme.test',
          ip: '127.0.0.1',
          succeeded: 0,
          created_at: sixteenMinutesAgo,
        })),
      )
      .execute();
    expect((await login({ email: 'admin@acme.test', password: t.config.demoPassword })).statusCode).toBe(200);
  });

  it('counts only failures since the last successful sign-in', async () => {
    for (let i = 0; i < 9; i++) await login({ email: 'gus@globex.test', password: 'not-the-password' });
    expect((await login({ email: 'gus@globex.test', password: t.config.demoPassword })).statusCode).toBe(200);
    const next = await login({ email: 'gus@globex.test', password: 'not-the-password' });
    expect(next.json().error.message).toBe('Incorrect password');
    expect((await login({ email: 'gus@globex.test', password: t.config.demoPassword })).statusCode).toBe(200);
  });

  describe('refuses a malformed form with 400 naming the field', () => {
    it('missing email: "Please enter your email address"', async () => {
      const res = await login({ password: 'something' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.message).toContain('email');
      expect(res.json().error.message).toContain('Please enter your email address');
    });

    it('blank email: "Please enter your email address"', async () => {
      const res = await login({ email: '   ', password: 'something' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(LOGIN_MESSAGES.emailRequired);
    });

    it('malformed email: "Please enter a valid email address"', async () => {
      const res = await login({ email: 'ada-at-acme', password: 'something' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('email');
      expect(res.json().error.message).toContain('Please enter a valid email address');
    });

    it('missing password: "Password is required"', async () => {
      const res = await login({ email: 'ada@acme.test' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('password');
      expect(res.json().error.message).toContain('Password is required');
    });

    it('empty password: "Password is required"', async () => {
      const res = await login({ email: 'ada@acme.test', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(LOGIN_MESSAGES.passwordRequired);
    });

    it('a field the form does not have', async () => {
      const res = await login({ email: 'ada@acme.test', password: t.config.demoPassword, tenant_id: 'tnt_globex' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('tenant_id');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('a password of the wrong type', async () => {
      const res = await login({ email: 'ada@acme.test', password: 12345678 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('password');
    });
  });
});

describe('per-IP sign-in throttling', () => {
  let throttled: TestApp;
  beforeAll(async () => {
    throttled = await createTestApp({ config: { loginIpLimitPerMinute: 3 } });
  });
  afterAll(() => throttled?.close());

  it('answers 429 "Too many login attempts" once one address exceeds its sign-ins per minute for one email', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login({ email: 'ada@acme.test', password: `wrong-${i}` }, throttled)).statusCode).toBe(401);
    }
    const res = await login({ email: 'ada@acme.test', password: throttled.config.demoPassword }, throttled);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'too_many_requests', message: LOGIN_MESSAGES.locked } });
  });

  it('never refuses colleagues signing in from the same address (#13)', async () => {
    for (const email of ['mike@acme.test', 'raj@acme.test', 'rita@acme.test', 'gail@globex.test']) {
      expect((await login({ email, password: throttled.config.demoPassword }, throttled)).statusCode).toBe(200);
    }
  });

  it('still serves another address', async () => {
    const res = await throttled.app.inject({
      method: 'POST',
      url: '/api/session/login',
      remoteAddress: '10.1.2.3',
      payload: { email: 'gail@globex.test', password: throttled.config.demoPassword },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session: the cookie no longer opens /api/me', async () => {
    const cookie = await t.signIn('raj@acme.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers ok when already signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/logout' });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/session/token', () => {
  it('gives a signed-in user a short-lived identity token naming them and their tenant', async () => {
    const cookie = await t.signIn('mike@acme.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/session/token', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, expires_at } = res.json();
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(await t.uidOf('mike@acme.test'));
    expect(claims).toMatchObject({ tenant_id: 'tnt_acme', email: 'mike@acme.test' });
    expect(expires_at).toBeGreaterThan(Date.now());
    expect(expires_at).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
  });

  it('refuses a visitor without a session with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session/token' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});

describe('password reset', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/session/forgot-password', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/session/reset-password', payload: { token, password } });

  it('answers "Password reset email sent. Please check your inbox." and mails a link holding a token', async () => {
    const res = await forgot('ada@acme.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Password reset email sent. Please check your inbox.' });
    const mail = t.mailer.lastTo('ada@acme.test');
    expect(mail?.link).toMatch(/\/reset-password\?token=[^&\s]+/);
    expect(mail?.text).toContain(mail?.link);
  });

  it('gives the same answer for an unknown email and sends nothing', async () => {
    const before = t.mailer.messages.length;
    const res = await forgot('nobody@acme.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(LOGIN_MESSAGES.resetSent);
    expect(t.mailer.messages.length).toBe(before);
  });

  it('sets a new password with the link, revokes the old sessions, and only the new password signs in', async () => {
    const oldCookie = await t.signIn('raj@acme.test');
    await forgot('raj@acme.test');
    const link = new URL(t.mailer.lastTo('raj@acme.test')?.link ?? 'missing:');
    const token = link.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const res = await reset(token, 'a-brand-new-password');
    expect(res.statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: oldCookie } })).statusCode).toBe(
      401,
    );
    const oldPassword = await login({ email: 'raj@acme.test', password: t.config.demoPassword });
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json().error.message).toBe('Incorrect password');
    expect((await login({ email: 'raj@acme.test', password: 'a-brand-new-password' })).statusCode).toBe(200);

    const reused = await reset(token, 'yet-another-password');
    expect(reused.statusCode).toBe(400);
  });

  it('says whether a link can still be used: yes before it is used, no after, no for a made-up one', async () => {
    const check = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/session/reset-password/check', payload });
    await forgot('mike@acme.test');
    const token = new URL(t.mailer.lastTo('mike@acme.test')?.link ?? 'missing:').searchParams.get('token') ?? '';
    expect((await check({ token })).json()).toEqual({ valid: true });
    expect((await check({ token: 'not-a-real-token' })).json()).toEqual({ valid: false });
    const missing = await check({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('token');
    // Asking does not use the link up.
    expect((await check({ token })).json()).toEqual({ valid: true });
    expect((await reset(token, t.config.demoPassword)).statusCode).toBe(200);
    expect((await check({ token })).json()).toEqual({ valid: false });
  });

  it('refuses a made-up token with 400 and changes no password', async () => {
    const res = await reset('not-a-real-token', 'a-brand-new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_token', message: 'This reset link is invalid or has expired' },
    });
    expect((await login({ email: 'mike@acme.test', password: t.config.demoPassword })).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 8 characters with 400 naming the field', async () => {
    const res = await reset('whatever', 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('password');
  });

  it('refuses a malformed email with the form message', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(LOGIN_MESSAGES.emailInvalid);
  });
});
