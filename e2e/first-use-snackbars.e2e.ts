import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { removeAddedToTerritory, territoryIds } from './support/cleanup.ts';

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('notifications', () => {
  const b = useBrowser();

  it("sit at the top without covering the account's name or its buttons", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1400, height: 900 });
    await openSignedIn(page, 'rita@acme.test');
    const before = await territoryIds(page);
    try {
      const search = (await (await page.request.get('/api/accounts/search?q=walmart')).json()) as {
        hits: { master_account_id: string; account_name: string }[];
      };
      const walmart = search.hits.find((h) => h.account_name === 'Walmart');
      if (!walmart) throw new Error('the demo data has no Walmart');
      if (before.includes(walmart.master_account_id)) throw new Error('Walmart is already in Rita’s accounts');
      await page.goto(`/accounts/${walmart.master_account_id}`);
      await page.getByRole('button', { name: 'Add to My Accounts' }).click();
      const snack = page.getByTestId('snackbar-general').getByText('Walmart added to My Accounts');
      await snack.waitFor();
      const snackBox = await box(page.getByTestId('snackbar-general'));
      expect(snackBox.y).toBeLessThan(120);
      for (const control of [
        page.getByRole('heading', { name: 'Walmart', level: 1 }),
        page.getByRole('button', { name: 'Favorite' }),
        page.getByRole('button', { name: 'Remove from My Accounts' }),
      ]) {
        expect(overlap(snackBox, await box(control))).toBe(false);
      }
    } finally {
      await removeAddedToTerritory(page, before);
    }
  });

  it("open a dialog below them: a message shown at the top never covers the dialog's title or Close", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1400, height: 900 });
    await openSignedIn(page, 'rita@acme.test');
    const before = await territoryIds(page);
    try {
      const search = (await (await page.request.get('/api/accounts/search?q=costco')).json()) as {
        hits: { master_account_id: string; account_name: string }[];
      };
      const account = search.hits.find((h) => !before.includes(h.master_account_id));
      if (!account) throw new Error('the demo data has no Costco outside Rita’s accounts');
      await page.goto(`/accounts/${account.master_account_id}`);
      await page.getByRole('button', { name: 'Add to My Accounts' }).click();
      const snack = page.getByTestId('snackbar-general');
      await snack.getByText(`${account.account_name} added to My Accounts`).waitFor();
      // Search, opened from the keyboard while the message shows (it stays 4 s).
      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: 'Search accounts and people' });
      await dialog.getByRole('heading', { name: 'Search accounts and people' }).waitFor();
      // Once the dialog has settled (on a busy machine the offset's code loads as the message
      // shows, and the dialog slides in): its title and Close stand below the message.
      for (const part of [
        dialog.getByRole('heading', { name: 'Search accounts and people' }),
        dialog.getByRole('button', { name: 'Close' }),
      ]) {
        await expect
          .poll(
            async () => {
              const [snackBox, partBox] = [await box(snack), await box(part)];
              return !overlap(snackBox, partBox) && partBox.y > snackBox.y + snackBox.height;
            },
            { timeout: 3000 },
          )
          .toBe(true);
      }
    } finally {
      await removeAddedToTerritory(page, before);
    }
  });
});
