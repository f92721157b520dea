import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages, removeAddedToTerritory, territoryIds } from './support/cleanup.ts';

describe('the My Accounts industry filter', () => {
  const b = useBrowser();

  it('offers the industries found in the accounts, and Enter on "general" takes "General Merchandisers"', async () => {
    const { page } = b;
    await openSignedIn(page, 'raj@acme.test');
    // Walmart (industry "General Merchandisers") in Raj's accounts for this test, taken back at the end.
    const before = await territoryIds(page);
    try {
      const search = (await (await page.request.get('/api/accounts/search?q=walmart')).json()) as {
        hits: { master_account_id: string; account_name: string }[];
      };
      const walmart = search.hits.find((h) => h.account_name === 'Walmart');
      if (!walmart) throw new Error('the demo data has no Walmart');
      const added = await page.request.post('/api/territory', {
        headers: fromTheAppsPages(),
        data: { master_account_ids: [walmart.master_account_id] },
      });
      expect(added.ok()).toBe(true);

      await page.goto('/MyTerritory');
      await page.getByRole('link', { name: 'Walmart', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('button', { name: 'Add condition' }).click();
      const field = page.getByRole('combobox', { name: 'Industry' });
      // A pick-list from the data, before anything is typed.
      await field.click();
      await page.getByRole('option', { name: 'General Merchandisers', exact: true }).waitFor();
      expect(await page.getByRole('option').count()).toBeGreaterThan(1);

      // Part of a name in lower case, then Enter, as the hint says: Enter takes the suggestion in
      // sight, not the few letters typed (which would match no industry).
      await field.fill('general');
      await page.getByRole('option', { name: 'General Merchandisers', exact: true }).waitFor();
      await page.keyboard.press('Enter');
      const answered = page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/accounts/query') && (r.request().postData() ?? '').includes('"General Merchandisers"'),
      );
      await page.getByRole('button', { name: 'Apply' }).click();
      const body = (await (await answered).json()) as { rows: { account_name: string }[] };
      expect(body.rows.map((r) => r.account_name)).toContain('Walmart');
      await page.getByRole('link', { name: 'Walmart', exact: true }).waitFor();
      expect(await page.getByText('No accounts match this filter.').count()).toBe(0);
    } finally {
      await removeAddedToTerritory(page, before);
    }
  });
});
