import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { deleteOwnedWorkspaces, fromTheAppsPages } from './support/cleanup.ts';
import { saveAirlinesFilter } from './support/filters.ts';
import { uniqueName } from './support/unique.ts';

/** A workspace shared with these colleagues and a smart account list in it on `filterId`; answers the list id. */
async function createSharedSmartList(
  page: Page,
  workspace: string,
  list: string,
  filterId: string,
  sharedEmails: string[],
): Promise<string> {
  const users = (await (await page.request.get('/api/users')).json()) as { users: { uid: string; email: string }[] };
  const shared_users = users.users.filter((u) => sharedEmails.includes(u.email)).map((u) => u.uid);
  const created = await page.request.post('/api/workspaces', {
    headers: fromTheAppsPages(),
    data: { name: workspace, shared_users },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const smart = await page.request.post(`/api/workspaces/${id}/lists`, {
    headers: fromTheAppsPages(),
    data: { name: list, type: 'smartAccount', filter_id: filterId },
  });
  expect(smart.status()).toBe(201);
  return ((await smart.json()) as { id: string }).id;
}

describe('a smart list in a shared workspace', () => {
  const b = useBrowser();

  it('tells a colleague why it is empty for them, and offers its owner to make the filter public, after which the colleague sees it', async () => {
    const { page } = b;
    const filterName = uniqueName('Airlines private');
    const workspace = uniqueName('Shared smart');
    const listName = uniqueName('Airlines now');
    await openSignedIn(page, 'mike@acme.test');
    const filterId = await saveAirlinesFilter(page, filterName, { private: true });
    const ritaContext = await b.newContext('rita');
    try {
      const listId = await createSharedSmartList(page, workspace, listName, filterId, ['rita@acme.test']);

      const rita = await ritaContext.newPage();
      await startSession(rita, 'rita@acme.test');
      const members = rita.waitForResponse((r) => r.url().includes(`/api/lists/${listId}/members`));
      await rita.goto(`/lists/${listId}`);
      await rita.getByRole('heading', { name: listName, level: 1 }).waitFor();
      const why = rita.getByTestId('smart-list-source');
      await why.getByText('A smart list in a shared workspace needs a filter its members may read.').waitFor();
      await why.getByText(/This list's filter is private to Mike Manager, so the list shows nothing to you/).waitFor();
      // Not also "nothing matches", which would contradict it.
      await members;
      // The members' loader goes in the same render as the empty page's text would come.
      await rita.getByRole('main').getByLabel('Loading').waitFor({ state: 'hidden' });
      expect(await rita.getByText("Nothing matches this list's filter right now.").count()).toBe(0);

      // The owner is told which filter drives it, why colleagues see it empty, and can fix it.
      await page.goto(`/lists/${listId}`);
      await page.getByRole('heading', { name: listName, level: 1 }).waitFor();
      await page.getByTestId('smart-list-source').getByText(`“${filterName}”`, { exact: false }).waitFor();
      await page.getByText(/not only your territory/).waitFor();
      const warning = page.getByTestId('smart-list-private-filter');
      await warning.getByText(`Only you can read “${filterName}”`, { exact: false }).waitFor();
      await warning.getByRole('button', { name: 'Make the filter public' }).click();
      await page.getByTestId('snackbar-general').getByText(`“${filterName}” is now public`, { exact: false }).waitFor();
      await warning.waitFor({ state: 'detached' });

      await rita.reload();
      await rita.getByTestId('list-members').waitFor();
      await rita.getByTestId('smart-list-source').getByText(`“${filterName}”`, { exact: false }).waitFor();
      expect(await rita.getByText(/private to Mike Manager/).count()).toBe(0);
    } finally {
      await deleteOwnedWorkspaces(page, [workspace]);
      await page.request.delete(`/api/filters/${filterId}`, { headers: fromTheAppsPages() });
    }
  });

  it('offers, when a private filter is chosen for a new smart list in a shared workspace, to make it public', async () => {
    const { page } = b;
    const filterName = uniqueName('Airlines private');
    const workspace = uniqueName('Shared smart');
    await openSignedIn(page, 'mike@acme.test');
    const filterId = await saveAirlinesFilter(page, filterName, { private: true });
    try {
      const users = (await (await page.request.get('/api/users')).json()) as {
        users: { uid: string; email: string }[];
      };
      const created = await page.request.post('/api/workspaces', {
        headers: fromTheAppsPages(),
        data: {
          name: workspace,
          shared_users: users.users.filter((u) => u.email === 'rita@acme.test').map((u) => u.uid),
        },
      });
      const { id } = (await created.json()) as { id: string };
      await page.goto(`/workspaces/${id}`);
      await page.getByLabel('New list name').fill(uniqueName('Airlines now'));
      await page.getByRole('combobox', { name: 'Type', exact: true }).click();
      await page.getByRole('option', { name: 'Smart accounts', exact: true }).click();
      await page.getByRole('combobox', { name: 'Saved filter', exact: true }).click();
      await page.getByRole('option', { name: filterName }).click();
      const note = page.getByTestId('smart-list-private-note');
      await note
        .getByText('A smart list in a shared workspace needs a filter its members may read.', { exact: false })
        .waitFor();
      const publish = note.getByRole('checkbox', { name: `Make “${filterName}” public`, exact: false });
      // Unticked until the owner chooses; once chosen, the snackbar says the filter is now public.
      expect(await publish.isChecked()).toBe(false);
      await publish.check();
      await page.getByRole('button', { name: 'Create list' }).click();
      await page
        .getByTestId('snackbar-general')
        .getByText(new RegExp(`List ".*" created\\. “${filterName}” is now public`))
        .waitFor();
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/filters/${filterId}`)).json()) as { private: boolean }).private,
        )
        .toBe(false);
    } finally {
      await deleteOwnedWorkspaces(page, [workspace]);
      await page.request.delete(`/api/filters/${filterId}`, { headers: fromTheAppsPages() });
    }
  });
});
