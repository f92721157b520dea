import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { impersonate, stopImpersonating } from './support/impersonation.ts';
import { uniqueName } from './support/unique.ts';

async function walmartId(page: Page): Promise<string> {
  const search = (await (await page.request.get('/api/accounts/search?q=walmart')).json()) as {
    hits: { master_account_id: string; account_name: string }[];
  };
  const walmart = search.hits.find((h) => h.account_name === 'Walmart');
  if (!walmart) throw new Error('the demo data has no Walmart');
  return walmart.master_account_id;
}

async function comment(page: Page, text: string): Promise<void> {
  await page.getByRole('tab', { name: 'Comments' }).click();
  await page.getByLabel('Add a comment for your colleagues').fill(text);
  await page.getByRole('button', { name: 'Post comment' }).click();
  await page.getByTestId('comment').filter({ hasText: text }).waitFor();
}

describe('what support writes while impersonating', () => {
  const b = useBrowser();

  it('shows a comment and a workspace that support wrote as Rita with "via Support", and Rita\'s own without', async () => {
    const support = b.page;
    const supportText = uniqueName('Called the buyer, follow up Monday');
    const ritaText = uniqueName('My own note');
    const workspace = uniqueName('Made by support');
    await openSignedIn(support, 'support@quarry.test');
    await impersonate(support, 'rita@acme.test', 'Ticket 17: leave a note for Rita');
    const accountId = await walmartId(support);
    let workspaceId = '';
    try {
      await support.goto(`/accounts/${accountId}`);
      await support.getByTestId('impersonation-banner').waitFor();
      await comment(support, supportText);
      await support.getByTestId('comment').filter({ hasText: supportText }).getByText('via Support').waitFor();
      const created = await support.request.post('/api/workspaces', {
        headers: fromTheAppsPages(),
        data: { name: workspace },
      });
      expect(created.status()).toBe(201);
      workspaceId = ((await created.json()) as { id: string }).id;
    } finally {
      await stopImpersonating(support);
    }

    const ritaContext = await b.newContext('rita');
    const page = await ritaContext.newPage();
    await startSession(page, 'rita@acme.test');
    await page.goto(`/accounts/${accountId}`);
    await comment(page, ritaText);
    const bySupport = page.getByTestId('comment').filter({ hasText: supportText });
    await bySupport.getByText('Rita Rep', { exact: false }).waitFor();
    await bySupport.getByTestId('via-support').getByText('via Support').waitFor();
    expect(await page.getByTestId('comment').filter({ hasText: ritaText }).getByTestId('via-support').count()).toBe(0);

    await page.goto(`/workspaces/${workspaceId}`);
    await page.getByRole('heading', { name: workspace, level: 1 }).waitFor();
    await page.getByTestId('via-support').getByText('via Support').waitFor();
    await page.request.delete(`/api/workspaces/${workspaceId}`, { headers: fromTheAppsPages() });
  });

  it("keeps Rita's own theme and language when support changes them while impersonating her, and says so", async () => {
    const support = b.page;
    await openSignedIn(support, 'support@quarry.test');
    await impersonate(support, 'rita@acme.test', 'Ticket 17: Rita asks about the dark theme');
    const preferences = async () =>
      ((await (await support.request.get('/api/me')).json()) as { user: { preferences: object } }).user.preferences;
    try {
      await support.goto('/settings?category=userPreferences');
      await support.getByTestId('impersonation-banner').waitFor();
      const before = await preferences();

      await support.getByText('Dark', { exact: true }).click();
      await support
        .getByTestId('snackbar-general')
        .getByText("Shown in this theme here only: support cannot change Rita Rep's own theme.")
        .waitFor();
      expect(await support.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');

      await support
        .locator('input')
        .and(support.getByLabel('Language', { exact: true }))
        .click();
      await support.getByRole('option', { name: 'Français' }).click();
      await support
        .getByTestId('snackbar-general')
        .getByText("Cette langue s'applique ici seulement : le support ne peut pas changer la langue de Rita Rep.")
        .waitFor();
      // Rita's own choices, as the server keeps them, are as they were.
      expect(await preferences()).toEqual(before);
    } finally {
      await stopImpersonating(support);
    }
  });
});
