import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { impersonate } from './support/impersonation.ts';
import { inviteAndJoin } from './support/invite.ts';

/** The member's own saved choice, as their own session reads it from the server. */
async function savedGuide(page: Page): Promise<string | undefined> {
  const me = (await (await page.request.get('/api/me')).json()) as {
    user: { preferences: { first_run_guide?: string } };
  };
  return me.user.preferences.first_run_guide;
}

describe('the first-run guide (#17 item 14)', () => {
  const b = useBrowser();

  it('greets a new member on Home, is dismissed by keyboard, stays dismissed on the server, and reopens from the user menu', async () => {
    const { page, context } = b;
    const address = await inviteAndJoin(page, context, 'a-long-password');
    await page.waitForURL((url) => url.pathname === '/');
    const guide = page.getByRole('region', { name: 'Welcome to Quarry' });
    await guide.waitFor();
    for (const step of ['Home', 'Set your territory.', 'Your preferences'])
      expect(await guide.getByText(step, { exact: true }).count()).toBe(1);
    expect(await guide.getByRole('link', { name: 'Open My Accounts' }).getAttribute('href')).toBe('/MyTerritory');
    expect(await guide.getByRole('link', { name: 'Open Personal Settings' }).getAttribute('href')).toBe(
      '/settings?category=userPreferences',
    );

    // By keyboard: Tab reaches "Got it" and Enter dismisses.
    const gotIt = guide.getByRole('button', { name: 'Got it' });
    await gotIt.focus();
    await page.keyboard.press('Enter');
    await page
      .getByTestId('snackbar-general')
      .getByText(/^Guide hidden/)
      .waitFor();
    await guide.waitFor({ state: 'detached' });

    // Remembered for this member on the server: signed in afresh, with no local state, it stays away.
    await page.evaluate(() => localStorage.clear());
    // Off the signed-in app before its cookies go: it would answer a refused request by going to sign-in itself.
    await page.goto('about:blank');
    await context.clearCookies();
    await startSession(page, address, 'a-long-password');
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Welcome to Quarry' }).count()).toBe(0);

    // Reopened from the menu under the member's name, with focus on its heading.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Getting started' }).click();
    await guide.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Welcome to Quarry');
    // The close button dismisses it too.
    await guide.getByRole('button', { name: 'Dismiss the guide' }).click();
    await guide.waitFor({ state: 'detached' });
  });

  it('does not greet a member who has been here before', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Welcome to Quarry' }).count()).toBe(0);
  });

  it('is dismissed by Escape from anywhere in it', async () => {
    const { page, context } = b;
    await inviteAndJoin(page, context, 'a-long-password');
    await page.waitForURL((url) => url.pathname === '/');
    const guide = page.getByRole('region', { name: 'Welcome to Quarry' });
    await guide.waitFor();
    await guide.getByRole('link', { name: 'Open My Accounts' }).focus();
    await page.keyboard.press('Escape');
    await page
      .getByTestId('snackbar-general')
      .getByText(/^Guide hidden/)
      .waitFor();
    await guide.waitFor({ state: 'detached' });
    await expect.poll(() => savedGuide(page)).toBe('dismissed');
    // The keyboard goes on from the page's content, not from the top of the document.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it("lets support open and close it while impersonating a member without changing the member's own choice", async () => {
    const { page, context } = b;
    const address = await inviteAndJoin(page, context, 'a-long-password');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('region', { name: 'Welcome to Quarry' }).getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => savedGuide(page)).toBe('dismissed');

    // Closed after the test, so that a failure's report still shows what support's page showed.
    const support = await (await b.newContext('support')).newPage();
    await startSession(support, 'support@quarry.test');
    await impersonate(support, address, 'Ticket 17: a look at the first-run guide');
    try {
      await support.goto('/');
      await support.getByTestId('impersonation-banner').waitFor();
      const guide = support.getByRole('region', { name: 'Welcome to Quarry' });
      // Support opens it from the member's menu: it opens for support, the member's stays dismissed.
      await support.getByTestId('user-menu').click();
      await support.getByRole('menuitem', { name: 'Getting started' }).click();
      await guide.waitFor();
      expect(await savedGuide(page)).toBe('dismissed');

      // The member opens it again themselves; support closing it leaves it open for the member.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Getting started' }).click();
      await page.getByRole('region', { name: 'Welcome to Quarry' }).waitFor();
      await expect.poll(() => savedGuide(page)).toBe('open');
      await guide.getByRole('button', { name: 'Got it' }).click();
      await support
        .getByTestId('snackbar-general')
        .getByText(/^Guide hidden in this session only/)
        .waitFor();
      await guide.waitFor({ state: 'detached' });
      expect(await savedGuide(page)).toBe('open');
      // The server refuses the save itself, whatever a page does.
      const direct = await support.request.patch('/api/me', {
        headers: fromTheAppsPages(),
        data: { field: 'preferences.first_run_guide', value: 'dismissed' },
      });
      expect(direct.status()).toBe(403);
      expect(await savedGuide(page)).toBe('open');
    } finally {
      await support.request.delete('/api/support/impersonation', { headers: fromTheAppsPages() });
    }
  });
});
