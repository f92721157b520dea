import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { uniqueName } from './support/unique.ts';

const PHONE = { width: 390, height: 844 };

/**
 * Creates, as the signed-in user and through the API, a workspace holding an account list with
 * two members (long websites and industries: a wide table) and an empty contact list.
 */
async function createWorkspaceWithLists(page: Page, name: string) {
  return page.evaluate(async (name) => {
    const post = async (url: string, body: unknown) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return (await res.json()) as { id: string };
    };
    const search = async (q: string) => {
      const res = await fetch(`/api/accounts/search?q=${encodeURIComponent(q)}`);
      const body = (await res.json()) as { hits: { master_account_id: string }[] };
      return body.hits[0]?.master_account_id ?? '';
    };
    const workspace = await post('/api/workspaces', { name });
    const accounts = await post(`/api/workspaces/${workspace.id}/lists`, {
      name: 'Manufacturing targets',
      type: 'accounts',
    });
    await post(`/api/workspaces/${workspace.id}/lists`, { name: 'Procurement contacts', type: 'contacts' });
    const ids = [await search('tyson'), await search('edison')].filter(Boolean);
    await post(`/api/lists/${accounts.id}/members`, { ids });
    return { workspace: workspace.id, accounts: accounts.id, members: ids.length };
  }, name);
}

/** How wide the document is: more than the window means the page pans sideways. */
const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Is the element's whole box inside the window, left to right and top to bottom? */
async function insideViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.x >= 0 && box.x + box.width <= viewport.width && box.y >= 0 && box.y + box.height <= viewport.height;
}

/**
 * Scrolls the window down to the element, and only down: Playwright's own scrolling would also
 * scroll a clipping card sideways and so hide exactly what these tests look for.
 */
function scrollVerticallyTo(locator: Locator): Promise<void> {
  return locator.evaluate((e) => window.scrollBy(0, e.getBoundingClientRect().top - window.innerHeight / 2));
}

/** Does a tap at the element's centre land on it (not clipped away or covered by something else)? */
function receivesClicks(locator: Locator): Promise<boolean> {
  return locator.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && e.contains(hit);
  });
}

describe('lists on a phone', () => {
  const b = useBrowser();

  it('keeps the list page as wide as a 390 px phone: the members table scrolls in its own box', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const ids = await createWorkspaceWithLists(page, uniqueName('E2E mobile list page'));
    expect(ids.members).toBe(2);
    await page.setViewportSize(PHONE);
    await page.goto(`/lists/${ids.accounts}`);
    await page.getByRole('heading', { name: 'Manufacturing targets', level: 1 }).waitFor();
    const table = page.getByTestId('list-members');
    await table.getByRole('link', { name: /Tyson/ }).waitFor();

    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await insideViewport(page, page.getByRole('combobox', { name: 'Add an account' }))).toBe(true);
    // The columns after Website are still there, one swipe away inside the table's own box.
    const scroller = page.getByTestId('list-members-scroll');
    expect(await scroller.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    const latest = table.getByRole('button', { name: 'Sort by Latest signal' });
    await latest.scrollIntoViewIfNeeded();
    expect(await insideViewport(page, latest)).toBe(true);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it('shows every list action on the workspace page at 390 px, and Delete list asks to confirm', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const name = uniqueName('E2E mobile workspace page');
    const ids = await createWorkspaceWithLists(page, name);
    await page.setViewportSize(PHONE);
    await page.goto(`/workspaces/${ids.workspace}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Procurement contacts' }).waitFor();

    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // Long words ("Manufacturing") are what pushed the delete icon out of its card before.
    for (const list of ['Manufacturing targets', 'Procurement contacts']) {
      const remove = page.getByRole('button', { name: `Delete list ${list}` });
      await scrollVerticallyTo(remove);
      expect(await insideViewport(page, remove)).toBe(true);
      expect(await receivesClicks(remove)).toBe(true);
      // The type and size the hidden columns held are still shown, under the name.
      await page
        .getByText(list === 'Manufacturing targets' ? 'Accounts · Members: 2' : 'Contacts · Members: 0')
        .waitFor();
    }
    await page.getByRole('button', { name: 'Delete list Manufacturing targets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this list?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('link', { name: 'Manufacturing targets' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('link', { name: 'Procurement contacts' }).count()).toBe(1);
  });

  it('closes the Lists drawer once a workspace created from it opens', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await page.getByRole('navigation', { name: /main/i }).getByRole('button', { name: 'Lists' }).click();
    const drawer = page.getByRole('dialog', { name: 'Lists' });
    await drawer.getByRole('button', { name: 'New workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create workspace' });
    const name = uniqueName('E2E mobile from drawer');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/workspaces\/[0-9a-f-]{36}$/);

    await drawer.waitFor({ state: 'detached' });
    const heading = page.getByRole('heading', { name, level: 1 });
    await heading.waitFor();
    expect(await insideViewport(page, heading)).toBe(true);
    // Nothing covers the new page: a click on its heading reaches the heading.
    await heading.click({ trial: true, timeout: 5_000 });
  });

  it('keeps My Accounts as wide as a 390 px phone: its tools fit, its table scrolls in its own box', async () => {
    const { page } = b;
    await openSignedIn(page, 'gus@globex.test');
    const added = await page.evaluate(async () => {
      const ids: string[] = [];
      for (const q of ['tyson', 'edison']) {
        const res = await fetch(`/api/accounts/search?q=${q}`);
        ids.push(((await res.json()) as { hits: { master_account_id: string }[] }).hits[0]?.master_account_id ?? '');
      }
      const res = await fetch('/api/territory', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ master_account_ids: ids.filter(Boolean) }),
      });
      return res.status;
    });
    expect(added).toBeLessThan(300);
    await page.setViewportSize(PHONE);
    await page.goto('/MyTerritory');
    await page.getByRole('link', { name: /Tyson/ }).waitFor();

    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    for (const field of [
      page.getByRole('combobox', { name: 'Add an account' }),
      page.getByRole('textbox', { name: 'Filter by name or website' }),
    ]) {
      await scrollVerticallyTo(field);
      expect(await insideViewport(page, field)).toBe(true);
    }
    const scroller = page.getByTestId('my-accounts-scroll');
    expect(await scroller.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
