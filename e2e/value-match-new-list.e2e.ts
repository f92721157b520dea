import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { deleteOwnedWorkspaces } from './support/cleanup.ts';
import { uniqueName } from './support/unique.ts';

type ListRow = { id: string; name: string; type: string; workspace_name: string | null };

/** The names of the signed-in user's own workspaces. */
const ownedWorkspaces = (page: Page): Promise<string[]> =>
  page.evaluate(async () =>
    ((await (await fetch('/api/workspaces/owned')).json()) as { workspaces: { name: string }[] }).workspaces.map(
      (w) => w.name,
    ),
  );

/** The signed-in user's static lists, as the "Add to list" menu gets them. */
const myLists = (page: Page): Promise<ListRow[]> =>
  page.evaluate(async () => ((await (await fetch('/api/lists')).json()) as { lists: ListRow[] }).lists);

/** The members of one list, through the API: an account's or a contact's account name each. */
const memberAccounts = (page: Page, listId: string): Promise<string[]> =>
  page.evaluate(async (id) => {
    const body = (await (await fetch(`/api/lists/${id}/members`)).json()) as { rows: { account_name: string }[] };
    return body.rows.map((r) => r.account_name);
  }, listId);

/** Opens the first card of Home on /valueMatch; answers the account's name. */
async function openFirstMatch(page: Page): Promise<string> {
  await page.goto('/');
  const card = page.getByTestId('value-match-card').first();
  await card.waitFor({ timeout: 30_000 });
  const name = ((await card.getByTestId('value-match-account-name').textContent()) ?? '').trim();
  await card.getByTestId('value-match-open').click();
  await page.waitForURL(/\/valueMatch\//);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return name;
}

describe('value match: a new list from "Add to list"', () => {
  const b = useBrowser();

  it('lets a user with no workspace make their first list for the account, then one for a contact', async () => {
    const { page } = b;
    // Gail (Globex admin) has no workspace: no other browser test gives her one or expects her to have none.
    // The one this test makes is deleted at the end, so that a retry finds her without any again.
    const accountList = uniqueName('Globex picks');
    const contactList = uniqueName('Globex people');
    await openSignedIn(page, 'gail@globex.test');
    const workspacesBefore = await ownedWorkspaces(page);
    try {
      expect(await myLists(page)).toEqual([]);
      const name = await openFirstMatch(page);

      await page.getByRole('button', { name: 'Add to list' }).first().click();
      await page.getByText('No lists yet', { exact: true }).waitFor();
      await page.getByRole('menuitem', { name: 'New list…' }).click();
      const dialog = page.getByRole('dialog', { name: 'New account list' });
      await dialog.getByText('A workspace "My lists" will be created to hold it.').waitFor();
      const create = dialog.getByRole('button', { name: 'Create and add' });
      expect(await create.isDisabled()).toBe(true);
      // Enter on the empty name says why nothing happens.
      await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
      await dialog.getByText('List name is required').waitFor();
      await dialog.getByRole('textbox', { name: 'Name' }).fill(accountList);
      await create.click();
      await page.getByTestId('snackbar-route').getByText(`1 account added to "${accountList}"`).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const accounts = (await myLists(page)).find((l) => l.name === accountList);
      expect(accounts).toMatchObject({ type: 'accounts', workspace_name: 'My lists' });
      expect(await memberAccounts(page, accounts?.id ?? '')).toEqual([name]);

      // A contact list next: one workspace now, so no choice to make; the list holds the contact.
      await page.getByTestId('ranked-contact').first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Add to list' }).nth(1).click();
      // The menu offers only lists of the right type: the account list is not among them.
      await page.getByRole('menuitem', { name: 'New list…' }).waitFor();
      expect(await page.getByRole('menuitem', { name: accountList }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'New list…' }).click();
      const people = page.getByRole('dialog', { name: 'New contact list' });
      await people.getByText('It will be created in the workspace "My lists".').waitFor();
      await people.getByRole('textbox', { name: 'Name' }).fill(contactList);
      await people.getByRole('button', { name: 'Create and add' }).click();
      await page.getByTestId('snackbar-route').getByText(`1 contact added to "${contactList}"`).waitFor();

      const contacts = (await myLists(page)).find((l) => l.name === contactList);
      expect(contacts).toMatchObject({ type: 'contacts', workspace_name: 'My lists' });
      expect(await memberAccounts(page, contacts?.id ?? '')).toEqual([name]);
      // Still one workspace: the first was made once only.
      const owned = await page.evaluate(
        async () =>
          ((await (await fetch('/api/workspaces/owned')).json()) as { workspaces: unknown[] }).workspaces.length,
      );
      expect(owned).toBe(1);
    } finally {
      // Deleting the workspace ("My lists") deletes its lists too.
      const made = (await ownedWorkspaces(page)).filter((w) => !workspacesBefore.includes(w));
      await deleteOwnedWorkspaces(page, made);
    }
  });

  it('asks in which workspace when the user has several, and puts the list there', async () => {
    const { page } = b;
    const east = uniqueName('Ada east');
    const west = uniqueName('Ada west');
    const listName = uniqueName('West accounts');
    await openSignedIn(page, 'ada@acme.test');
    await page.evaluate(
      async (names) => {
        for (const name of names) {
          await fetch('/api/workspaces', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name }),
          });
        }
      },
      [east, west],
    );
    await openFirstMatch(page);
    await page.getByRole('button', { name: 'Add to list' }).first().click();
    await page.getByRole('menuitem', { name: 'New list…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New account list' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(listName);
    await dialog.getByLabel('Workspace', { exact: true }).click();
    await page.getByRole('option', { name: west, exact: true }).click();
    await dialog.getByRole('button', { name: 'Create and add' }).click();
    await page.getByTestId('snackbar-route').getByText(`1 account added to "${listName}"`).waitFor();
    expect((await myLists(page)).find((l) => l.name === listName)).toMatchObject({
      type: 'accounts',
      workspace_name: west,
    });
  });

  it('keeps the dialog and the typed name when the list cannot be created, and says so in it; a retry works', async () => {
    const { page } = b;
    const listName = uniqueName('Rita retry list');
    await openSignedIn(page, 'rita@acme.test');
    const name = await openFirstMatch(page);
    const isListCreate = (url: URL) => /\/api\/workspaces\/[^/]+\/lists$/.test(url.pathname);
    await page.route(isListCreate, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Add to list' }).first().click();
    await page.getByRole('menuitem', { name: 'New list…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New account list' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(listName);
    const create = dialog.getByRole('button', { name: 'Create and add' });
    await create.click();
    await dialog.getByRole('alert').getByText('The list could not be created. Nothing was added; try again.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(listName);
    expect((await myLists(page)).some((l) => l.name === listName)).toBe(false);

    await page.unrouteAll();
    await create.click();
    await page.getByTestId('snackbar-route').getByText(`1 account added to "${listName}"`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const list = (await myLists(page)).find((l) => l.name === listName);
    expect(await memberAccounts(page, list?.id ?? '')).toEqual([name]);
  });

  it('says an account is already in the list instead of claiming an add, when it is chosen a second time', async () => {
    const { page } = b;
    const workspaceName = uniqueName('Mike twice');
    const listName = uniqueName('Mike twice list');
    await openSignedIn(page, 'mike@acme.test');
    try {
      const workspace = (await (
        await page.request.post('/api/workspaces', { data: { name: workspaceName } })
      ).json()) as {
        id: string;
      };
      const created = await page.request.post(`/api/workspaces/${workspace.id}/lists`, {
        data: { name: listName, type: 'accounts' },
      });
      expect(created.status()).toBe(201);
      await openFirstMatch(page);
      const snackbar = page.getByTestId('snackbar-route');
      await page.getByRole('button', { name: 'Add to list' }).first().click();
      await page.getByRole('menuitem', { name: listName }).click();
      await snackbar.getByText(`1 account added to "${listName}"`).waitFor();

      await page.getByRole('button', { name: 'Add to list' }).first().click();
      await page.getByRole('menuitem', { name: listName }).click();
      await snackbar.getByText(`Already in "${listName}": nothing to add`).waitFor();
      const list = (await myLists(page)).find((l) => l.name === listName);
      expect(await memberAccounts(page, list?.id ?? '')).toHaveLength(1);
    } finally {
      // Mike's personal workspaces are checked by name and number in workspaces.e2e.ts.
      await deleteOwnedWorkspaces(page, [workspaceName]);
    }
  });

  it('gives focus back to "Add to list" when the new-list dialog is closed with Escape', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await openFirstMatch(page);
    const addToList = page.getByRole('button', { name: 'Add to list' }).first();
    await addToList.click();
    await page.getByRole('menuitem', { name: 'New list…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New account list' });
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => addToList.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
