import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { removeAddedToTerritory, territoryIds } from './support/cleanup.ts';
import { EXTRA_ACCOUNT_MARK } from './support/extra-accounts.ts';

/** Puts 999 of the imported test accounts (all Wholesalers, 100 + n employees) and some banks in the territory. */
async function fillTerritory(page: Page): Promise<void> {
  const added = await page.evaluate(async (mark) => {
    const found = await fetch('/api/accounts/query/ids', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'all', q: mark }),
    });
    const ids = ((await found.json()) as { master_account_ids: string[] }).master_account_ids.slice(0, 990);
    const banks = await fetch('/api/accounts/search?q=bank');
    ids.push(
      ...((await banks.json()) as { hits: { master_account_id: string }[] }).hits.map((h) => h.master_account_id),
    );
    const res = await fetch('/api/territory', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ master_account_ids: ids.slice(0, 999) }),
    });
    return ((await res.json()) as { added: number }).added;
  }, EXTRA_ACCOUNT_MARK);
  expect(added).toBeGreaterThan(990);
}

const firstAccount = (page: Page) => page.getByRole('table').getByRole('link').first();
/** Follows a link of the navigation card, then takes pointer and focus off it so the card folds away. */
async function nav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
  await page.mouse.move(1000, 500);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The table as it was left: Wholesalers only, "supply 1", most employees first, second page. */
async function expectRestored(page: Page): Promise<void> {
  await page.waitForURL(/\/myterritory(\?|$)/i);
  expect(await page.getByLabel('Filter by name or website').inputValue()).toBe('supply 1');
  expect(await page.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('true');
  await page
    .getByRole('table')
    .getByRole('link', { name: `${EXTRA_ACCOUNT_MARK} Supply 1149` })
    .waitFor();
  expect(await firstAccount(page).textContent()).toBe(`${EXTRA_ACCOUNT_MARK} Supply 1149`);
  expect(await page.getByRole('table').getByRole('link', { name: /Bank/ }).count()).toBe(0);
}

describe('account-list cache on My Accounts', () => {
  const b = useBrowser();

  it('brings the table back as it was after an account page, and starts clean when arriving from elsewhere', async () => {
    const { page } = b;
    await openSignedIn(page, 'gus@globex.test');
    // The accounts this test adds to Gus's are taken out again at the end: a retry then adds (and
    // counts) the same ones, and the other tests find his My Accounts as it was.
    const territoryBefore = await territoryIds(page);
    try {
      await fillTerritory(page);
      await nav(page, 'My Accounts');
      await firstAccount(page).waitFor();
      const cleanFirst = await firstAccount(page).textContent();

      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('button', { name: 'Add condition' }).click();
      await page.getByRole('combobox', { name: 'Industry' }).fill('Wholesalers');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('table').getByRole('link', { name: /Bank/ }).first().waitFor({ state: 'detached' });
      await page.getByLabel('Filter by name or website').fill('supply 1');
      await page.getByRole('button', { name: 'Sort by Employees' }).click();
      await page.getByRole('button', { name: 'Sort by Employees' }).click();
      await page
        .getByRole('table')
        .getByRole('link', { name: `${EXTRA_ACCOUNT_MARK} Supply 1199` })
        .waitFor();
      await page.getByLabel('Pages').getByRole('button', { name: '2', exact: true }).click();
      await page
        .getByRole('table')
        .getByRole('link', { name: `${EXTRA_ACCOUNT_MARK} Supply 1149` })
        .waitFor();

      // Back with the browser's Back button.
      await firstAccount(page).click();
      await page.getByRole('heading', { level: 1, name: `${EXTRA_ACCOUNT_MARK} Supply 1149` }).waitFor();
      await page.goBack();
      await expectRestored(page);

      // Back through the navigation card.
      await firstAccount(page).click();
      await page.getByRole('heading', { level: 1, name: `${EXTRA_ACCOUNT_MARK} Supply 1149` }).waitFor();
      await nav(page, 'My Accounts');
      await expectRestored(page);

      // From Actions (not an accounts path), even straight after an account page: clean.
      await firstAccount(page).click();
      await page.getByRole('heading', { level: 1, name: `${EXTRA_ACCOUNT_MARK} Supply 1149` }).waitFor();
      await nav(page, 'Actions');
      await page.waitForURL(/\/actions$/);
      await nav(page, 'My Accounts');
      await page.getByRole('table').getByRole('link', { name: /Bank/ }).first().waitFor();
      expect(await page.getByLabel('Filter by name or website').inputValue()).toBe('');
      expect(await page.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
      expect(await firstAccount(page).textContent()).toBe(cleanFirst);

      // Order and page are in the address: a reload returns to them.
      await page.getByRole('button', { name: 'Sort by Employees' }).click();
      await page.getByRole('button', { name: 'Sort by Employees' }).click();
      await page.waitForURL(/sort=employees/);
      // The largest first: a bank, before the 100-odd-employee test accounts.
      await page.getByRole('table').getByRole('link', { name: /Bank/ }).first().waitFor();
      const sortedFirst = await firstAccount(page).textContent();
      await page.getByLabel('Pages').getByRole('button', { name: '2', exact: true }).click();
      await page.waitForURL(/page=2/);
      await page
        .getByRole('table')
        .getByRole('link', { name: sortedFirst ?? '', exact: true })
        .waitFor({ state: 'detached' });
      const sortedSecond = (await firstAccount(page).textContent()) ?? '';
      await page.reload();
      await page.getByRole('table').getByRole('link', { name: sortedSecond, exact: true }).first().waitFor();
      expect(await firstAccount(page).textContent()).toBe(sortedSecond);
      expect(new URL(page.url()).searchParams.get('direction')).toBe('desc');
    } finally {
      await removeAddedToTerritory(page, territoryBefore);
    }
  });
});
