import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { post } from './support/api.ts';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { deleteOwnedWorkspaces } from './support/cleanup.ts';
import { EXTRA_ACCOUNT_MARK } from './support/extra-accounts.ts';
import { uniqueName } from './support/unique.ts';

/** Creates a workspace through the API as the signed-in user; answers its id. */
async function createWorkspace(page: Page, name: string, sharedEmails: string[] = []): Promise<string> {
  return page.evaluate(
    async ({ name, sharedEmails }) => {
      const users = (await (await fetch('/api/users')).json()) as { users: { uid: string; email: string }[] };
      const shared_users = users.users.filter((u) => sharedEmails.includes(u.email)).map((u) => u.uid);
      const res = await fetch('/api/workspaces', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, shared_users }),
      });
      if (res.status !== 201) throw new Error(`create answered ${res.status}`);
      return ((await res.json()) as { id: string }).id;
    },
    { name, sharedEmails },
  );
}

const openLists = async (page: Page) => {
  await page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Lists' }).click();
  return page.getByRole('dialog', { name: 'Lists' });
};

describe('workspaces', () => {
  const b = useBrowser();

  it('creates a workspace shared with two colleagues and lands on it with the creation snack', async () => {
    const { page } = b;
    const name = uniqueName('Q3 Retail push');
    await openSignedIn(page, 'rita@acme.test');
    try {
      const drawer = await openLists(page);
      await drawer.getByRole('button', { name: 'New workspace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create workspace' });
      const create = dialog.getByRole('button', { name: 'Create', exact: true });
      expect(await create.isDisabled()).toBe(true);
      // Near the 120-character limit, the count shows (the field stops at it).
      await dialog.getByLabel('Name').fill('x'.repeat(110));
      await dialog.getByText('110/120').waitFor();
      await dialog.getByLabel('Name').fill(name);
      expect(await dialog.getByText('110/120').count()).toBe(0);
      await dialog.getByLabel('Description').fill('Retailers opening distribution centres');
      // Persistent: Escape neither closes the dialog nor the Lists drawer behind it; nothing typed is lost.
      await dialog.getByLabel('Name').press('Escape');
      // Something that must not happen: give a closing transition (200 ms) time to show itself.
      await page.waitForTimeout(600);
      expect(await dialog.isVisible()).toBe(true);
      expect(await drawer.isVisible()).toBe(true);
      expect(await dialog.getByLabel('Name').inputValue()).toBe(name);
      for (const person of ['Raj', 'Mike']) {
        await dialog.getByRole('button', { name: 'Add people' }).click();
        const search = page.getByPlaceholder('Search people');
        await search.fill(person.toLowerCase());
        // The menu never offers the creator, service accounts or people already added.
        await expect.poll(() => page.getByRole('option').allTextContents()).not.toContain('admin@acme.test');
        if (person === 'Raj') await page.getByRole('option', { name: new RegExp(person) }).click();
        else {
          // A search that finds no one says so, not that no one is left to add.
          await search.fill('zzz');
          await page.getByText('No one matches “zzz”').waitFor();
          // By keyboard as well: Enter takes the first person found. Either way focus comes back
          // into the dialog, on Add people.
          await search.fill(person.toLowerCase());
          // Chosen as the reader sees it: the first person found is marked before Enter.
          await page.locator('[data-combobox-selected]').filter({ hasText: person }).waitFor();
          await search.press('Enter');
        }
        const addPeople = dialog.getByRole('button', { name: 'Add people' });
        await expect.poll(() => addPeople.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      await dialog.getByText(/Raj/).waitFor();
      await create.click();
      await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}$/);
      await page.getByTestId('snackbar-general').getByText(`Workspace "${name}" created`).waitFor();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      expect(await page.getByTestId('shared-user').count()).toBe(2);
    } finally {
      // Shared with Mike, and "Retail" in its name: left behind, it would show in the next test's Shared group.
      await deleteOwnedWorkspaces(page, [name]);
    }
  });

  it('shows Personal and Shared with me sorted by name, filters them, and remembers the panel across a reload', async () => {
    const { page } = b;
    // Mike's own three, and one Rita shares with him: this attempt's only, all deleted at the end, so
    // that a retry (or a later test) sees his groups as this attempt found them.
    const zeta = uniqueName('zeta accounts');
    const alpha = uniqueName('Alpha retail');
    const beta = uniqueName('beta banks');
    const sharedName = uniqueName('Q3 Retail push');
    const ritaContext = await b.newContext('rita');
    const rita = await ritaContext.newPage();
    try {
      await openSignedIn(rita, 'rita@acme.test');
      await createWorkspace(rita, sharedName, ['mike@acme.test']);
      await openSignedIn(page, 'mike@acme.test');
      await createWorkspace(page, zeta);
      await createWorkspace(page, alpha);
      await createWorkspace(page, beta);
      let drawer = await openLists(page);
      const personal = drawer.getByTestId('workspace-group-personal');
      await personal.getByRole('link').first().waitFor();
      expect(await personal.getByRole('link').allTextContents()).toEqual([alpha, beta, zeta]);
      const shared = drawer.getByTestId('workspace-group-shared');
      expect(await shared.getByRole('link').allTextContents()).toContain(sharedName);

      await drawer.getByLabel('Filter workspaces').fill('RETAIL');
      await expect.poll(() => personal.getByRole('link').allTextContents()).toEqual([alpha]);
      expect(await shared.getByRole('link').allTextContents()).toEqual([sharedName]);

      // Collapse "Personal", reload: the panel is still open and the group still collapsed.
      await drawer.getByRole('button', { name: /^Personal/ }).click();
      await expect.poll(() => personal.isVisible()).toBe(false);
      await page.reload();
      drawer = page.getByRole('dialog', { name: 'Lists' });
      await drawer.getByTestId('workspace-group-shared').getByRole('link').first().waitFor();
      expect(await drawer.getByTestId('workspace-group-personal').isVisible()).toBe(false);
      expect(await drawer.getByRole('button', { name: /^Personal/ }).getAttribute('aria-expanded')).toBe('false');

      await drawer.getByRole('link', { name: sharedName }).click();
      await page.getByRole('heading', { name: sharedName, level: 1 }).waitFor();
    } finally {
      await deleteOwnedWorkspaces(page, [zeta, alpha, beta]);
      await deleteOwnedWorkspaces(rita, [sharedName]);
    }
  });

  it('shows "No Workspaces" with a create button to someone without any', async () => {
    const { page } = b;
    await openSignedIn(page, 'gus@globex.test');
    const drawer = await openLists(page);
    await drawer.getByText('No Workspaces').waitFor();
    await drawer.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('dialog', { name: 'Create workspace' }).waitFor();
  });

  it('lets a shared user leave after confirming', async () => {
    const { page } = b;
    const name = uniqueName('Leavable');
    await openSignedIn(page, 'ada@acme.test');
    const id = await createWorkspace(page, name, ['raj@acme.test']);
    // One Raj keeps: his "Shared with me" group (waited for below) still has an entry once he has left.
    await createWorkspace(page, uniqueName('Kept by Raj'), ['raj@acme.test']);
    // Raj in a browser of his own (signing out and in again is sign-in.e2e.ts's subject).
    const rajContext = await b.newContext('raj');
    const raj = await rajContext.newPage();
    await openSignedIn(raj, 'raj@acme.test', `/workspaces/${id}`);
    await raj.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await raj.getByRole('button', { name: 'Delete workspace' }).count()).toBe(0);
    await raj.getByRole('button', { name: 'Leave workspace' }).click();
    const confirmDialog = raj.getByRole('dialog', { name: 'Leave this workspace?' });
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog.waitFor({ state: 'detached' });
    await raj.getByRole('button', { name: 'Leave workspace' }).click();
    await raj
      .getByRole('dialog', { name: 'Leave this workspace?' })
      .getByRole('button', { name: 'Leave workspace' })
      .click();
    await raj.getByTestId('snackbar-general').getByText(`You left "${name}"`).waitFor();
    const drawer = await openLists(raj);
    await drawer.getByTestId('workspace-group-shared').waitFor();
    expect(await drawer.getByRole('link', { name }).count()).toBe(0);
  });

  it('deletes a workspace only after the owner types its name', async () => {
    const { page } = b;
    const name = uniqueName('Doomed deals');
    await openSignedIn(page, 'rita@acme.test');
    const id = await createWorkspace(page, name);
    await page.goto(`/workspaces/${id}`);
    await page.getByRole('button', { name: 'Delete workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this workspace?' });
    const proceed = dialog.getByRole('button', { name: 'Delete workspace' });
    expect(await proceed.isDisabled()).toBe(true);
    // The dialog opens on the field the name is typed into.
    await expect
      .poll(() => dialog.getByTestId('confirm-phrase').evaluate((el) => el === document.activeElement))
      .toBe(true);
    // Only the start of the name: the phrase is incomplete.
    await dialog.getByTestId('confirm-phrase').fill('Doomed');
    expect(await proceed.isDisabled()).toBe(true);
    // Enter does nothing while the phrase is incomplete, and proceeds once it is typed.
    await dialog.getByTestId('confirm-phrase').press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await dialog.getByTestId('confirm-phrase').fill(name);
    await dialog.getByTestId('confirm-phrase').press('Enter');
    await page.getByTestId('snackbar-general').getByText(`Workspace "${name}" deleted`).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Value Match', level: 1 }).waitFor();
    // The deleted workspace is not asked for again on the way out (it would answer 404).
    expect(failed).toEqual([]);
    // Back: not the page as it was before the delete, with its forms, but the workspace gone.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/workspaces/${id}`);
    await page.getByText('Workspace not found').waitFor();
    expect(await page.getByRole('button', { name: 'Delete workspace' }).count()).toBe(0);
    await page.goto(`/workspaces/${id}`);
    await page.getByText('Workspace not found').waitFor();
    // Not a dead end.
    await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: 'Value Match', level: 1 }).waitFor();
  });

  it("keeps a long list's page and order in the address: Back from an account returns to them", async () => {
    const { page } = b;
    const name = uniqueName('Paged prospects');
    await openSignedIn(page, 'rita@acme.test');
    try {
      const workspace = await post<{ id: string }>(page, '/api/workspaces', { name });
      const list = await post<{ id: string }>(page, `/api/workspaces/${workspace.id}/lists`, {
        name,
        type: 'accounts',
      });
      const { master_account_ids } = await post<{ master_account_ids: string[] }>(page, '/api/accounts/query/ids', {
        scope: 'all',
        q: EXTRA_ACCOUNT_MARK,
      });
      await post(page, `/api/lists/${list.id}/members`, { ids: master_account_ids.slice(0, 120) });
      const listId = list.id;
      await page.goto(`/lists/${listId}`);
      const members = page.getByTestId('list-members');
      const first = members.getByRole('link', { name: new RegExp(`^${EXTRA_ACCOUNT_MARK}`) }).first();
      await first.waitFor();
      // Z to A by name (A to Z is the first order), then the second page.
      const ascending = (await first.textContent()) ?? '';
      await page.getByRole('button', { name: 'Sort by Name' }).click();
      await page.waitForURL((url) => url.searchParams.get('direction') === 'desc');
      await expect.poll(() => first.textContent()).not.toBe(ascending);
      const onPageOne = (await first.textContent()) ?? '';
      await page.getByRole('button', { name: '2', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await expect.poll(() => first.textContent()).not.toBe(onPageOne);
      await page.getByTestId('page-range').getByText('51–100 of 120').waitFor();
      const onPageTwo = (await first.textContent()) ?? '';
      await first.click();
      await page.getByRole('heading', { level: 1, name: onPageTwo }).waitFor();
      await page.goBack();
      await page.waitForURL(
        (url) =>
          url.pathname === `/lists/${listId}` &&
          url.searchParams.get('page') === '2' &&
          url.searchParams.get('direction') === 'desc',
      );
      await members.getByRole('link', { name: onPageTwo, exact: true }).waitFor();
      expect(await page.getByRole('button', { name: '2', exact: true }).getAttribute('data-active')).toBe('true');
      // A page past the end (an old link, or its last members removed) opens the last page there is.
      await page.goto(`/lists/${listId}?page=9&sort=account_name&direction=desc`);
      await page.waitForURL((url) => url.searchParams.get('page') === '3');
      await page.getByTestId('page-range').getByText('101–120 of 120').waitFor();
    } finally {
      await deleteOwnedWorkspaces(page, [name]);
    }
  });

  it('adds accounts to a list from search and shows them in the list table', async () => {
    const { page } = b;
    // Raj's lists show in every "Add to list" menu of his: names unique to the attempt.
    const crew = uniqueName('Crew');
    const carriers = uniqueName('Carriers');
    await openSignedIn(page, 'raj@acme.test');
    const id = await createWorkspace(page, uniqueName('Airline targets'));
    await page.goto(`/workspaces/${id}`);
    // A contact list first: the form then starts over as an account list.
    const type = page.getByRole('combobox', { name: 'Type', exact: true });
    await page.getByLabel('New list name').fill(crew);
    await type.click();
    await page.getByRole('option', { name: 'Contacts', exact: true }).click();
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByTestId('snackbar-general').getByText(`List "${crew}" created`).waitFor();
    expect(await type.inputValue()).toBe('Accounts');
    await page.getByLabel('New list name').fill(carriers);
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByTestId('snackbar-general').getByText(`List "${carriers}" created`).waitFor();
    // A name taken is refused under Name, and the boxes and the button stay level beside it.
    const nameBox = page.getByLabel('New list name');
    await nameBox.fill(carriers);
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByText('This workspace already has a list with this name').waitFor();
    const tops = await Promise.all(
      [nameBox, type, page.getByRole('button', { name: 'Create list' })].map(async (l) => (await l.boundingBox())?.y),
    );
    expect(Math.max(...(tops as number[])) - Math.min(...(tops as number[]))).toBeLessThan(1);
    await nameBox.fill('');
    await page.getByRole('link', { name: carriers }).click();
    await page.getByRole('heading', { name: carriers, level: 1 }).waitFor();
    await page.getByText(/This list is empty/).waitFor();
    // The navigation still marks Lists on a list page.
    const listsNav = page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Lists' });
    expect(await listsNav.getAttribute('data-active')).toBe('true');

    for (const [typed, name] of [
      ['delta', /Delta Air Lines/],
      ['american air', /American Airlines/],
    ] as const) {
      await page.getByRole('combobox', { name: 'Add an account' }).fill(typed);
      const option = page.getByRole('listbox', { name: 'Add an account' }).getByRole('option', { name });
      await option.waitFor();
      await option.click();
    }
    const table = page.getByTestId('list-members');
    await table.getByRole('link', { name: 'Delta Air Lines' }).waitFor();
    await table.getByRole('link', { name: /American Airlines/ }).waitFor();
    await page.getByText('Members: 2').waitFor();
    // Chosen again, an account already in the list is not counted as added.
    await page.getByRole('combobox', { name: 'Add an account' }).fill('delta');
    await page
      .getByRole('listbox', { name: 'Add an account' })
      .getByRole('option', { name: /Delta Air Lines/ })
      .click();
    await page.getByTestId('snackbar-general').getByText(`Already in "${carriers}": nothing to add`).waitFor();

    // One selected member is named in the confirmation, not counted as "1 selected items".
    await table.getByRole('checkbox', { name: 'Select Delta Air Lines' }).check();
    await page.getByRole('button', { name: 'Remove from list' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove from list?' });
    await removal.getByText(`Remove "Delta Air Lines" from "${carriers}"?`).waitFor();
    await removal.getByRole('button', { name: 'Remove' }).click();
    await table.getByRole('link', { name: 'Delta Air Lines' }).waitFor({ state: 'detached' });
    await page.getByText('Members: 1').waitFor();
  });

  it('adds an account and two of its contacts to lists from the account page', async () => {
    const { page } = b;
    // The "Add to list" menus name every list of Raj's: names unique to the attempt.
    const names = {
      workspace: uniqueName('Walmart deal'),
      accounts: uniqueName('Big box'),
      people: uniqueName('Buyers'),
    };
    await openSignedIn(page, 'raj@acme.test');
    const ids = await page.evaluate(async (names) => {
      const post = async (url: string, body: unknown) =>
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { id: string };
      const workspace = await post('/api/workspaces', { name: names.workspace });
      const accounts = await post(`/api/workspaces/${workspace.id}/lists`, { name: names.accounts, type: 'accounts' });
      const people = await post(`/api/workspaces/${workspace.id}/lists`, { name: names.people, type: 'contacts' });
      const hits = (await (await fetch('/api/accounts/search?q=walmart')).json()) as {
        hits: { master_account_id: string }[];
      };
      return { accounts: accounts.id, people: people.id, walmart: hits.hits[0]?.master_account_id ?? '' };
    }, names);
    await page.goto(`/accounts/${ids.walmart}`);
    await page.getByRole('heading', { name: 'Walmart', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to list' }).first().click();
    await page.getByRole('menuitem', { name: names.accounts }).click();
    await page.getByTestId('snackbar-route').getByText(`1 account added to "${names.accounts}"`).waitFor();

    await page.getByRole('tab', { name: /Contacts/ }).click();
    const boxes = page.getByRole('tabpanel').getByRole('checkbox', { name: /^Select (?!all)/ });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Add to list' }).click();
    await page.getByRole('menuitem', { name: names.people }).click();
    await page.getByTestId('snackbar-route').getByText(`2 contacts added to "${names.people}"`).waitFor();
    await page.getByTestId('snackbar-route').getByRole('button', { name: 'Visit' }).click();
    await page.waitForURL(`**/lists/${ids.people}`);
    // A header row and the two contacts.
    await expect.poll(() => page.getByTestId('list-members').getByRole('row').count()).toBe(3);
    await page.goto(`/lists/${ids.accounts}`);
    await page.getByTestId('list-members').getByRole('link', { name: 'Walmart' }).waitFor();
  });

  it("keeps a 120-character list name inside the account page's Add to list menu, whole on hover", async () => {
    const { page } = b;
    const workspace = uniqueName('Long list names');
    // No space to break at: such a name ran past the window's edge, cut with no ellipsis.
    const list = uniqueName('Q'.repeat(100)).replace(' ', '-').padEnd(120, 'Q');
    await openSignedIn(page, 'rita@acme.test');
    try {
      await page.evaluate(
        async ({ workspace, list }) => {
          const post = async (url: string, body: unknown) =>
            (await (
              await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
              })
            ).json()) as { id: string };
          const created = await post('/api/workspaces', { name: workspace });
          await post(`/api/workspaces/${created.id}/lists`, { name: list, type: 'accounts' });
        },
        { workspace, list },
      );
      for (const viewport of [
        { width: 1400, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/accounts/acc_walmart_com');
        await page.getByRole('heading', { name: 'Walmart', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Add to list' }).first().click();
        const item = page.getByRole('menuitem', { name: list });
        await item.waitFor();
        expect(await item.getAttribute('title')).toBe(list);
        const box = await item.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
        // Nothing of the name runs out of its item unseen: it wraps, then ends in an ellipsis.
        expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await page.keyboard.press('Escape');
        await item.waitFor({ state: 'hidden' });
      }
    } finally {
      await deleteOwnedWorkspaces(page, [workspace]);
    }
  });
});
