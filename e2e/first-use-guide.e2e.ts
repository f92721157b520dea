import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { inviteAndJoin } from './support/invite.ts';

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
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
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
});
