import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Switches the interface language from the user menu, as a reader does: opens the menu, waits
 * until it has finished opening (it holds the focus: Mantine moves the focus in after its
 * transition, which would close a sub-menu opened before), opens Language beside it, picks the
 * language, waits for the confirmation and closes the menus with Escape. Answers the confirmation's text.
 */
export async function chooseLanguage(page: Page, name: string): Promise<string> {
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu').first();
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name }).click();
  const confirmation = page.getByTestId('snackbar-route');
  await confirmation.waitFor();
  const text = (await confirmation.textContent()) ?? '';
  // Escape closes the Language menu, then the user menu: pressed until no menu is left.
  await expect
    .poll(
      async () => {
        if ((await page.getByRole('menu').count()) === 0) return true;
        await page.keyboard.press('Escape');
        return false;
      },
      { interval: 250 },
    )
    .toBe(true);
  return text;
}
