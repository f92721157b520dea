import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages, removeAddedToTerritory, territoryIds } from './support/cleanup.ts';
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

  it('shows an upload and a flow that support started as Rita with "via Support" on /upload and /actions', async () => {
    const support = b.page;
    const supportFile = `${uniqueName('by-support')}.csv`;
    const ritaFile = `${uniqueName('rita-herself')}.csv`;
    const upload = (page: Page, file: string, accountId: string) =>
      page.request.post('/api/uploads', {
        headers: fromTheAppsPages(),
        data: { type: 'ACCOUNT_ID', input: accountId, file_name: file, destination: { type: 'territory' } },
      });
    await openSignedIn(support, 'support@quarry.test');
    await impersonate(support, 'rita@acme.test', 'Ticket 17: upload and a flow for Rita');
    const accountId = await walmartId(support);
    const before = await territoryIds(support);
    let flowId = '';
    try {
      expect((await upload(support, supportFile, accountId)).status()).toBe(201);
      const feed = (await (await support.request.get('/api/value-matches?tier=tier_1&limit=1')).json()) as {
        items: { master_account_id: string }[];
      };
      const matched = feed.items[0]?.master_account_id ?? '';
      const match = (await (await support.request.get(`/api/value-matches/${matched}`)).json()) as {
        contacts: { id: string; email_usable: boolean }[];
      };
      const contact = match.contacts.find((c) => c.email_usable) ?? match.contacts[0];
      const started = await support.request.post('/api/flows', {
        headers: fromTheAppsPages(),
        data: {
          type: 'create_value_message',
          initiated_from: `/valueMatch/${matched}`,
          accounts: [{ master_account_id: matched, contact_ids: [contact?.id] }],
        },
      });
      expect(started.status()).toBe(201);
      flowId = ((await started.json()) as { id: string }).id;
    } finally {
      await stopImpersonating(support);
    }

    const ritaContext = await b.newContext('rita');
    const page = await ritaContext.newPage();
    await startSession(page, 'rita@acme.test');
    try {
      expect((await upload(page, ritaFile, accountId)).status()).toBe(201);
      await page.goto('/upload');
      const bySupport = page.getByTestId('upload-row').filter({ hasText: supportFile });
      await bySupport.getByText('Rita Rep').waitFor();
      await bySupport.getByTestId('via-support').getByText('via Support').waitFor();
      // Both finished, so that the clean-up below sees what they added to Rita's My Accounts.
      await bySupport.getByText('Completed').waitFor();
      await page.getByTestId('upload-row').filter({ hasText: ritaFile }).getByText('Completed').waitFor();
      expect(
        await page.getByTestId('upload-row').filter({ hasText: ritaFile }).getByTestId('via-support').count(),
      ).toBe(0);

      await page.goto('/actions');
      const flowRow = page.locator(`[data-testid="flow-row"][data-flow-id="${flowId}"]`);
      await flowRow.getByText('Rita Rep').waitFor();
      await flowRow.getByTestId('via-support').getByText('via Support').waitFor();
    } finally {
      await removeAddedToTerritory(page, before);
      // Not deleted while its messages are being written (409): once they are.
      if (flowId)
        await expect
          .poll(
            async () => (await page.request.delete(`/api/flows/${flowId}`, { headers: fromTheAppsPages() })).status(),
            {
              timeout: 60_000,
            },
          )
          .toBe(204);
    }
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
        .getByText('Cette langue s’applique ici seulement : le support ne peut pas changer la langue de Rita Rep.')
        .waitFor();
      // Rita's own choices, as the server keeps them, are as they were.
      expect(await preferences()).toEqual(before);
    } finally {
      await stopImpersonating(support);
    }
  });
});
