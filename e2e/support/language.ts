import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Switches the interface language from the user menu, as a reader does: opens the menu, waits
 * until it has finished opening (it holds the focus: Mantine moves the focus in after its
 * transition, which would close a list opened before), picks the language, waits for the
 * confirmation and closes the menu with Escape. Answers the confirmation's text.
 */
export async function chooseLanguage(page: Page, name: string): Promise<string> {
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu');
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name }).click();
  const confirmation = page.getByTestId('snackbar-route');
  await confirmation.waitFor();
  const text = (await confirmation.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}
