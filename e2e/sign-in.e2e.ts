import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoPassword, openSignedIn, signIn, useBrowser } from './support/browser.ts';
import { lastMailTo } from './support/inbox.ts';
import { inviteAndJoin } from './support/invite.ts';
import { uniqueName } from './support/unique.ts';

describe('sign-in', () => {
  const b = useBrowser();

  it('asks for an email address when it is left empty', async () => {
    await b.page.goto('/login');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByText('Please enter your email address').waitFor();
    await b.page.getByText('Password is required').waitFor();
    // Each error goes as its field is filled in: they had stayed under an address typed since.
    await b.page.getByLabel('Email').fill('ada@acme.test');
    await b.page.getByText('Please enter your email address').waitFor({ state: 'detached' });
    expect(await b.page.getByText('Password is required').count()).toBe(1);
    await b.page.getByLabel('Password', { exact: true }).fill('x');
    await b.page.getByText('Password is required').waitFor({ state: 'detached' });
    // Show/hide is reachable by Tab, so a keyboard user can check what they typed.
    await b.page.keyboard.press('Tab');
    await expect.poll(() => b.page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('false');
    // It says what it does to which field, in the interface language (it had read "Toggle password
    // visibility" in every language).
    expect(await b.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show Password');
    await b.page.keyboard.press('Enter');
    await expect.poll(() => b.page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    expect(await b.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Hide Password');
  });

  it('asks for a valid email address', async () => {
    await b.page.goto('/login');
    await b.page.getByLabel('Email').fill('not-an-email');
    await b.page.getByLabel('Password', { exact: true }).fill('whatever');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByText('Please enter a valid email address').waitFor();
  });

  it('says when no account has that email address', async () => {
    await b.page.goto('/login');
    await b.page.getByLabel('Email').fill('nobody@acme.test');
    await b.page.getByLabel('Password', { exact: true }).fill('whatever-password');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByTestId('login-error').getByText('No account found with this email address').waitFor();
  });

  it('says when the password is wrong', async () => {
    await b.page.goto('/login');
    await b.page.getByLabel('Email').fill('raj@acme.test');
    await b.page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByTestId('login-error').getByText('Incorrect password').waitFor();
  });

  it('locks an email after ten failures and refuses even the right password', async () => {
    // A newcomer of this attempt's own (invited by Ada, joined with a password): the lock lasts
    // 15 minutes, and a retry must lock someone not locked yet.
    const email = `${uniqueName('locked').replace(' ', '-')}@acme.test`;
    const password = 'newcomer-password-2026';
    const api = b.page.request;
    expect(
      (await api.post('/api/session/login', { data: { email: 'ada@acme.test', password: demoPassword() } })).ok(),
    ).toBe(true);
    const invited = await api.post('/api/organization/invitations', {
      data: { email, display_name: 'Locked Newcomer' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const token = /token=([^\s&]+)/.exec(lastMailTo(email)?.text_body ?? '')?.[1];
    expect(token, 'the invitation mail holds its link').toBeDefined();
    const joined = await api.post('/api/invitations/accept', {
      data: { token: decodeURIComponent(token ?? ''), display_name: 'Locked Newcomer', password },
    });
    expect(joined.status(), await joined.text()).toBeLessThan(300);
    await b.context.clearCookies();

    for (let i = 0; i < 10; i++) {
      const response = await api.post('/api/session/login', { data: { email, password: `wrong-${i}` } });
      expect(response.status()).toBe(401);
    }
    await b.page.goto('/login');
    await b.page.getByLabel('Email').fill(email);
    await b.page.getByLabel('Password', { exact: true }).fill(password);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByTestId('login-error').getByText('Too many login attempts. Please try again later.').waitFor();
    expect(new URL(b.page.url()).pathname).toBe('/login');
  });

  it('sends a reset link from "Forgot password?"', async () => {
    await b.page.goto('/login');
    await b.page.getByRole('button', { name: 'Forgot password?' }).click();
    await b.page.getByLabel('Email').fill('raj@acme.test');
    await b.page.getByRole('button', { name: 'Send reset link' }).click();
    await b.page.getByTestId('login-notice').getByText('Password reset email sent. Please check your inbox.').waitFor();
  });

  it('sets a new password from the mailed link, and the used link then says it cannot be used', async () => {
    const address = await inviteAndJoin(b.page, b.context, 'first-password-2026');
    await b.page.waitForURL((url) => url.pathname === '/');
    // Off the signed-in app first: a page still open there answers its first refused request by
    // going to sign-in itself, which would cut the navigation below short.
    await b.page.goto('about:blank');
    await b.context.clearCookies();
    await b.page.goto('/login');
    await b.page.getByRole('button', { name: 'Forgot password?' }).click();
    await b.page.getByLabel('Email').fill(address);
    await b.page.getByRole('button', { name: 'Send reset link' }).click();
    await b.page.getByTestId('login-notice').getByText('Password reset email sent. Please check your inbox.').waitFor();
    const link = lastMailTo(address)?.text_body.match(/https?:\/\/\S+(\/reset-password\?token=[^\s]+)/)?.[1];
    expect(link, 'the reset mail').toBeTruthy();

    await b.page.goto(link ?? '');
    await b.page.getByLabel(/^New password/).fill('second-password-2026');
    await b.page.getByLabel(/^Confirm new password/).fill('second-password-2026');
    await b.page.getByRole('button', { name: 'Set new password' }).click();
    await b.page.getByText('Your password has been changed. Please sign in with the new one.').waitFor();

    await b.page.goto(link ?? '');
    await b.page.getByText('This reset link is invalid or has expired').waitFor();
    expect(await b.page.getByLabel(/^New password/).count()).toBe(0);
    await b.page.getByRole('link', { name: 'Back to sign in' }).click();
    await signIn(b.page, address, 'second-password-2026');
  });

  it('redirects a signed-out visitor to /login with the full path and query, and back after sign-in', async () => {
    await b.page.goto('/workspaces/abc?tab=lists&sort=name');
    await b.page.waitForURL('**/login?**');
    const url = new URL(b.page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/workspaces/abc?tab=lists&sort=name');
    await signIn(b.page, 'rita@acme.test');
    const after = new URL(b.page.url());
    expect(after.pathname + after.search).toBe('/workspaces/abc?tab=lists&sort=name');
  });

  it('sends a signed-in user who opens /login to /', async () => {
    await signIn(b.page, 'rita@acme.test');
    await b.page.goto('/login');
    await b.page.waitForURL((u) => u.pathname === '/');
    await b.page.getByRole('heading', { name: 'Value Match' }).waitFor();
  });

  it('signs out from the user menu and lands on /login', async () => {
    // The sign-in form did not come within 30 s in three clean-clone runs (ci8, ci12, ci14), each
    // passing on retry, and never in 25 runs of this test alone: the requests the page made are
    // kept so that, if it happens again, the failure says which one was still unanswered.
    const requests = new Map<Request, string>();
    const started = Date.now();
    b.page.on('request', (r) =>
      requests.set(r, `${r.method()} ${new URL(r.url()).pathname} at ${Date.now() - started} ms`),
    );
    b.page.on('requestfinished', (r) => requests.delete(r));
    b.page.on('requestfailed', (r) => requests.set(r, `${requests.get(r)} failed: ${r.failure()?.errorText}`));
    await signIn(b.page, 'rita@acme.test');
    await b.page.getByTestId('user-menu').click();
    await b.page.getByRole('menuitem', { name: 'Logout' }).click();
    const clicked = Date.now() - started;
    // What a person waits for: the sign-in form. Then the path only.
    await b.page
      .getByRole('button', { name: 'Sign in' })
      .waitFor()
      .catch((error: Error) => {
        const open = [...requests.values()].join('; ') || 'none';
        throw new Error(
          `no sign-in form ${Date.now() - started - clicked} ms after Logout, at ${b.page.url()}; unfinished requests: ${open}\n${error.message}`,
        );
      });
    expect(new URL(b.page.url()).pathname).toBe('/login');
    await b.page.goto('/actions');
    await b.page.waitForURL('**/login?redirect=%2Factions');
    const stored = await b.page.evaluate(() => localStorage.getItem('quarry_auth_state') ?? '');
    expect(stored).not.toContain('rita@acme.test');
  });

  it('signing out in one tab takes the other tabs to sign-in, and lands on sign-in without the last page', async () => {
    await openSignedIn(b.page, 'raj@acme.test', '/MyTerritory');
    const other = await b.context.newPage();
    await other.goto('/actions');
    await other.getByTestId('user-menu').waitFor();
    await b.page.getByTestId('user-menu').click();
    await b.page.getByRole('menuitem', { name: 'Logout' }).click();
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The next person to sign in on this machine starts at Home, not on the page Raj left.
    expect(new URL(b.page.url()).search).toBe('');
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(other.url()).pathname).toBe('/login');
    await other.close();
  });

  it('takes a page whose session ended elsewhere to sign-in and back, not to an error', async () => {
    await openSignedIn(b.page, 'raj@acme.test', '/MyTerritory');
    // The session ends without this page being told (another browser's sign-out, an expiry).
    expect((await b.page.request.post('/api/session/logout')).ok()).toBe(true);
    await b.page.getByRole('link', { name: 'Actions' }).first().click();
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(b.page.url()).searchParams.get('redirect')).toBe('/actions');
    expect(await b.page.getByText(/please try again/).count()).toBe(0);
    await signIn(b.page, 'raj@acme.test');
    expect(new URL(b.page.url()).pathname).toBe('/actions');
  });

  it('keeps no token or secret in localStorage', async () => {
    await signIn(b.page, 'rita@acme.test');
    const all = await b.page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(all).toContain('rita@acme.test');
    expect(all.toLowerCase()).not.toMatch(/token"\s*:\s*"ey|session_token|eyj/);
  });
});
