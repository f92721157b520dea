import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { inviteAndJoin } from './support/invite.ts';

/** The empty My Accounts of the member signed in on `page`, once their (empty) territory has loaded. */
async function emptyMyAccounts(page: Page) {
  await page.goto('/MyTerritory');
  const empty = page.getByRole('region', { name: 'Your accounts will appear here' });
  await empty.waitFor();
  return empty;
}

describe('an empty My Accounts says how to fill it (#17 item 14)', () => {
  const b = useBrowser();

  it('leads a new rep to Add Accounts, the search and Assign on Home, and a manager to assigning the team', async () => {
    const { page, context } = b;
    await inviteAndJoin(page, context, 'a-long-password');
    await page.waitForURL((url) => url.pathname === '/');

    const empty = await emptyMyAccounts(page);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await empty.getByRole('link', { name: 'Add Accounts' }).getAttribute('href')).toBe('/upload');
    expect(await empty.getByRole('link', { name: 'Open Home' }).getAttribute('href')).toBe('/');
    await empty.getByText('On Home, Assign adds a value match to your accounts.').waitFor();
    expect(await empty.getByText(/someone on your team/).count()).toBe(0);
    // The search opens from here, by keyboard too.
    await empty.getByRole('button', { name: 'Search accounts' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Search accounts and people' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Search accounts and people' }).waitFor({ state: 'detached' });
    // A search that finds nothing is not an empty territory: it says so, without the guidance.
    await page.getByRole('textbox', { name: 'Filter by name or website' }).fill('zzz-nothing');
    await page.getByText('No accounts match this filter.').waitFor();
    expect(await empty.count()).toBe(0);
    await page.getByRole('textbox', { name: 'Filter by name or website' }).fill('');
    await empty.getByRole('link', { name: 'Add Accounts' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');

    // Ada makes the new member a manager: their empty My Accounts now speaks of assigning the team.
    const me = (await (await page.request.get('/api/me')).json()) as { user: { uid: string } };
    const adaContext = await b.newContext('ada');
    const ada = await adaContext.newPage();
    await startSession(ada, 'ada@acme.test');
    const granted = await ada.request.put(`/api/organization/members/${encodeURIComponent(me.user.uid)}/roles`, {
      headers: fromTheAppsPages(),
      data: { is_admin: false, is_manager: true },
    });
    expect(granted.status()).toBe(200);
    const managers = await emptyMyAccounts(page);
    await managers
      .getByText(
        'On Home, each value match has an Assign menu: give the account to yourself or to someone on your team.',
      )
      .waitFor();
    expect(await managers.getByRole('link', { name: 'Add Accounts' }).count()).toBe(1);
  });
});
