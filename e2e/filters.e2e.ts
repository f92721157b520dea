import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages, removeAddedToTerritory, territoryIds } from './support/cleanup.ts';
import { saveAirlinesFilter } from './support/filters.ts';
import { uniqueName } from './support/unique.ts';

/** Puts accounts of three industries into the signed-in user's territory through the API. */
async function fillTerritory(page: Page): Promise<void> {
  const added = await page.evaluate(async () => {
    const ids: string[] = [];
    for (const q of ['bank', 'airlines', 'walmart']) {
      const res = await fetch(`/api/accounts/search?q=${q}`);
      const body = (await res.json()) as { hits: { master_account_id: string }[] };
      ids.push(...body.hits.map((h) => h.master_account_id));
    }
    const res = await fetch('/api/territory', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ master_account_ids: ids }),
    });
    return ((await res.json()) as { added: number }).added;
  });
  expect(added).toBeGreaterThan(3);
}

/** Deletes the signed-in user's own saved filters of these names (a clean-up: it asserts nothing). */
async function deleteFilters(page: Page, names: readonly string[]): Promise<void> {
  const res = await page.request.get('/api/filters');
  if (!res.ok()) return;
  const { filters } = (await res.json()) as { filters: { id: string; name: string }[] };
  for (const filter of filters.filter((f) => names.includes(f.name))) {
    await page.request.delete(`/api/filters/${filter.id}`, { headers: fromTheAppsPages() });
  }
}

describe('saved filters on My Accounts', () => {
  const b = useBrowser();

  it('builds and applies a filter, refuses a nameless save, saves it, and loads it again after a reload', async () => {
    const { page } = b;
    const name = uniqueName('Airlines in my territory');
    await openSignedIn(page, 'ada@acme.test');
    // What this test adds to Ada's accounts, and its filter, are taken back at the end: a retry then
    // adds (and counts) the same accounts again.
    const territoryBefore = await territoryIds(page);
    try {
      await fillTerritory(page);
      await page.goto('/MyTerritory');
      await page.getByRole('link', { name: 'Walmart' }).waitFor();

      await page.getByRole('button', { name: 'Filters' }).click();
      // Nothing to save until a condition is chosen; the page says why.
      const saveFilter = page.getByRole('button', { name: 'Save filter' });
      expect(await saveFilter.isDisabled()).toBe(true);
      await page.getByText('Save needs at least one condition: apply a filter first').waitFor();
      await page.getByRole('button', { name: 'Add condition' }).click();
      // Its hint is read in full: the field is wider than the placeholder text.
      const room = await page.getByRole('combobox', { name: 'Industry' }).evaluate((input: HTMLInputElement) => {
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return -1;
        context.font = getComputedStyle(input).font;
        return input.clientWidth - context.measureText(input.placeholder).width;
      });
      expect(room).toBeGreaterThan(0);
      await page.getByRole('combobox', { name: 'Industry' }).fill('Airlines');
      await page.keyboard.press('Enter');
      expect(await saveFilter.isDisabled()).toBe(false);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('link', { name: 'Walmart' }).waitFor({ state: 'detached' });
      const airlineRows = await page.getByRole('row').count();
      expect(airlineRows).toBeGreaterThan(1);
      // Applied and not saved, the filter is in the address too: a reload keeps it.
      await page.waitForURL((url) => url.searchParams.has('where'));
      await page.reload();
      await page.getByRole('button', { name: 'Filters' }).waitFor();
      await expect.poll(() => page.getByRole('row').count()).toBe(airlineRows);
      expect(await page.getByRole('link', { name: 'Walmart' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Save filter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save filter' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Filter name is required').waitFor();
      await dialog.getByLabel('Filter name').fill(name);
      await dialog.getByLabel('Private').uncheck();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('snackbar-general').getByText(`Filter "${name}" saved`).waitFor();

      // The URL names the saved filter: a reload (or the link, shared) opens it again.
      await page.waitForURL((url) => url.searchParams.has('filter'));
      await page.reload();
      const savedFilters = page.getByRole('combobox', { name: 'Saved filters' });
      await expect.poll(() => savedFilters.inputValue()).toBe(`${name} (public)`);
      await expect.poll(() => page.getByRole('row').count()).toBe(airlineRows);
      expect(await page.getByRole('link', { name: 'Walmart' }).count()).toBe(0);

      // Cleared, every account is back and the URL forgets the filter; chosen again, it applies.
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('link', { name: 'Walmart' }).waitFor();
      await page.waitForURL((url) => !url.searchParams.has('filter'));
      await savedFilters.click();
      await page.getByRole('option', { name: `${name} (public)` }).click();
      await page.getByRole('link', { name: 'Walmart' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('row').count()).toBe(airlineRows);
      // Chosen once more while it is the one loaded, it stays loaded (it had emptied the box).
      await savedFilters.click();
      await page.getByRole('option', { name: `${name} (public)` }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      expect(await savedFilters.inputValue()).toBe(`${name} (public)`);
      expect(new URL(page.url()).searchParams.has('filter')).toBe(true);

      // The name filter is in the address as well, and a reload keeps what was typed.
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('link', { name: 'Walmart' }).waitFor();
      await page.getByLabel('Filter by name or website').fill('walmart');
      await page.waitForURL((url) => url.searchParams.get('q') === 'walmart');
      await page.reload();
      await expect.poll(() => page.getByLabel('Filter by name or website').inputValue()).toBe('walmart');
      await page.getByRole('link', { name: 'Walmart' }).waitFor();
      expect(await page.getByRole('link', { name: /^Delta|^United|^American Airlines/ }).count()).toBe(0);
    } finally {
      await deleteFilters(page, [name]);
      await removeAddedToTerritory(page, territoryBefore);
    }
  });

  it("shows a colleague's public filter without letting them delete it", async () => {
    const { page } = b;
    const name = uniqueName('Airlines in my territory');
    // Ada's public filter, saved for this test in a browser context of her own and deleted at the end.
    const adaContext = await b.newContext('ada');
    const ada = await adaContext.newPage();
    try {
      await openSignedIn(ada, 'ada@acme.test');
      await saveAirlinesFilter(ada, name);
      await openSignedIn(page, 'mike@acme.test');
      // Opened from a shared link, the colleague's filter is chosen and applied.
      const filters = (await (await page.request.get('/api/filters')).json()) as {
        filters: { id: string; name: string }[];
      };
      const shared = filters.filters.find((f) => f.name === name);
      expect(shared).toBeDefined();
      await page.goto(`/MyTerritory?filter=${shared?.id}`);
      const savedFilters = page.getByRole('combobox', { name: 'Saved filters' });
      await expect.poll(() => savedFilters.inputValue()).toBe(`${name} (public)`);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

      // A link to a filter that is gone opens the page without it, says so, and the URL drops it.
      await page.goto('/MyTerritory?filter=no-such-filter');
      await page.waitForURL((url) => !url.searchParams.has('filter'));
      await page
        .getByTestId('snackbar-general')
        .getByText('That saved filter was deleted or is private to its owner: all your accounts are shown.')
        .waitFor();
      expect(await savedFilters.inputValue()).toBe('');
    } finally {
      await deleteFilters(ada, [name]);
    }
  });

  it('lets the owner delete a filter after confirming', async () => {
    const { page } = b;
    const name = uniqueName('Airlines in my territory');
    await openSignedIn(page, 'ada@acme.test');
    await saveAirlinesFilter(page, name);
    try {
      await page.goto('/MyTerritory');
      await page.getByRole('combobox', { name: 'Saved filters' }).click();
      await page.getByRole('option', { name: `${name} (public)` }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete filter' });
      await dialog.getByText('Colleagues who use it lose it too.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('snackbar-general').getByText(`Filter "${name}" deleted`).waitFor();
      await page.getByRole('combobox', { name: 'Saved filters' }).click();
      expect(await page.getByRole('option', { name }).count()).toBe(0);
    } finally {
      // Nothing left to do unless the test stopped before deleting it.
      await deleteFilters(page, [name]);
    }
  });

  it('tells the owner of a private filter that only they lose it', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    const name = uniqueName('Ada private banks');
    const created = await page.request.post('/api/filters', {
      data: {
        name,
        filter: {
          complex: true,
          operator: 'AND',
          days_ago: null,
          values: [
            {
              field: 'industry',
              complex: false,
              type: 'text',
              operator: 'IN',
              values: ['Commercial Banks'],
              days_ago: null,
            },
          ],
        },
      },
    });
    expect(created.status()).toBe(201);
    await page.goto('/MyTerritory');
    await page.getByRole('combobox', { name: 'Saved filters' }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete filter' });
    await dialog.getByText('It is private: only you lose it.', { exact: false }).waitFor();
    expect(await dialog.getByText('Colleagues', { exact: false }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const snackbar = page.getByTestId('snackbar-general');
    await snackbar.getByText(`Filter "${name}" deleted`).waitFor();
  });

  it('keeps the snackbar on screen with its Close button whole when the message is long', async () => {
    const { page } = b;
    await startSession(page, 'ada@acme.test');
    await page.goto('/MyTerritory');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Industry' }).fill('Airlines');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save filter' }).click();
    // Long (114 characters), and unique to the attempt so that a retry does not meet its own filter.
    const name = uniqueName('Airlines with hubs in the Midwest and a fleet renewal under way '.padEnd(107, 'x'));
    const dialog = page.getByRole('dialog', { name: 'Save filter' });
    await dialog.getByLabel('Filter name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const snackbar = page.getByTestId('snackbar-general');
    await snackbar.getByText(`Filter "${name}" saved`).waitFor();
    // On a narrower window the message wraps; the button keeps its whole label.
    await page.setViewportSize({ width: 700, height: 800 });
    const close = snackbar.getByRole('button', { name: 'Close' });
    const cut = await close.evaluate((e) =>
      [e, ...e.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1),
    );
    expect(cut).toBe(false);
    const box = await close.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= (page.viewportSize()?.width ?? 0)).toBe(true);

    // The same name again, for a new filter: refused under the name, the dialog keeps what was typed.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Industry' }).fill('Railroads');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save filter' }).click();
    await dialog.getByLabel('Filter name').fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('You already have a filter with this name').waitFor();
    expect(await dialog.getByLabel('Filter name').inputValue()).toBe(name.toUpperCase());
  });
});
