import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';

type ListRow = { id: string; name: string; type: string; workspace_name: string | null };

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
    await signIn(page, 'gail@globex.test');
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
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Globex picks');
    await create.click();
    await page.getByTestId('snackbar-route').getByText('Added to "Globex picks": 1').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const accounts = (await myLists(page)).find((l) => l.name === 'Globex picks');
    expect(accounts).toMatchObject({ type: 'accounts', workspace_name: 'My lists' });
    expect(await memberAccounts(page, accounts?.id ?? '')).toEqual([name]);

    // A contact list next: one workspace now, so no choice to make; the list holds the contact.
    await page.getByTestId('ranked-contact').first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to list' }).nth(1).click();
    // The menu offers only lists of the right type: the account list is not among them.
    await page.getByRole('menuitem', { name: 'New list…' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Globex picks' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'New list…' }).click();
    const people = page.getByRole('dialog', { name: 'New contact list' });
    await people.getByText('It will be created in the workspace "My lists".').waitFor();
    await people.getByRole('textbox', { name: 'Name' }).fill('Globex people');
    await people.getByRole('button', { name: 'Create and add' }).click();
    await page.getByTestId('snackbar-route').getByText('Added to "Globex people": 1').waitFor();

    const contacts = (await myLists(page)).find((l) => l.name === 'Globex people');
    expect(contacts).toMatchObject({ type: 'contacts', workspace_name: 'My lists' });
    expect(await memberAccounts(page, contacts?.id ?? '')).toEqual([name]);
    // Still one workspace: the first was made once only.
    const owned = await page.evaluate(
      async () =>
        ((await (await fetch('/api/workspaces/owned')).json()) as { workspaces: unknown[] }).workspaces.length,
    );
    expect(owned).toBe(1);
  });

  it('asks in which workspace when the user has several, and puts the list there', async () => {
    const { page } = b;
    await signIn(page, 'ada@acme.test');
    await page.evaluate(async () => {
      for (const name of ['Ada east', 'Ada west']) {
        await fetch('/api/workspaces', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
      }
    });
    await openFirstMatch(page);
    await page.getByRole('button', { name: 'Add to list' }).first().click();
    await page.getByRole('menuitem', { name: 'New list…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New account list' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('West accounts');
    await dialog.getByLabel('Workspace', { exact: true }).click();
    await page.getByRole('option', { name: 'Ada west', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create and add' }).click();
    await page.getByTestId('snackbar-route').getByText('Added to "West accounts": 1').waitFor();
    expect((await myLists(page)).find((l) => l.name === 'West accounts')).toMatchObject({
      type: 'accounts',
      workspace_name: 'Ada west',
    });
  });

  it('keeps the dialog and the typed name when the list cannot be created, and says so in it; a retry works', async () => {
    const { page } = b;
    await signIn(page, 'rita@acme.test');
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
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Rita retry list');
    const create = dialog.getByRole('button', { name: 'Create and add' });
    await create.click();
    await dialog.getByRole('alert').getByText('The list could not be created. Nothing was added; try again.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Rita retry list');
    expect((await myLists(page)).some((l) => l.name === 'Rita retry list')).toBe(false);

    await page.unrouteAll();
    await create.click();
    await page.getByTestId('snackbar-route').getByText('Added to "Rita retry list": 1').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const list = (await myLists(page)).find((l) => l.name === 'Rita retry list');
    expect(await memberAccounts(page, list?.id ?? '')).toEqual([name]);
  });

  it('says an account is already in the list instead of claiming an add, when it is chosen a second time', async () => {
    const { page } = b;
    await signIn(page, 'mike@acme.test');
    const workspace = (await (await page.request.post('/api/workspaces', { data: { name: 'Mike twice' } })).json()) as {
      id: string;
    };
    const created = await page.request.post(`/api/workspaces/${workspace.id}/lists`, {
      data: { name: 'Mike twice list', type: 'accounts' },
    });
    expect(created.status()).toBe(201);
    await openFirstMatch(page);
    const snackbar = page.getByTestId('snackbar-route');
    await page.getByRole('button', { name: 'Add to list' }).first().click();
    await page.getByRole('menuitem', { name: 'Mike twice list' }).click();
    await snackbar.getByText('Added to "Mike twice list": 1').waitFor();

    await page.getByRole('button', { name: 'Add to list' }).first().click();
    await page.getByRole('menuitem', { name: 'Mike twice list' }).click();
    await snackbar.getByText('Already in "Mike twice list": nothing to add').waitFor();
    const list = (await myLists(page)).find((l) => l.name === 'Mike twice list');
    expect(await memberAccounts(page, list?.id ?? '')).toHaveLength(1);
  });

  it('gives focus back to "Add to list" when the new-list dialog is closed with Escape', async () => {
    const { page } = b;
    await signIn(page, 'rita@acme.test');
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
