import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { chooseLanguage } from './support/language.ts';

type Me = { user: { display_name: string; preferences: { language?: string; theme?: string } } };

/** The signed-in user's own document, through the API. */
async function me(page: Page): Promise<Me['user']> {
  return ((await (await page.request.get('/api/me')).json()) as Me).user;
}

/** Sets one field of the signed-in user's own document back, through the API (a clean-up: it asserts nothing). */
async function restoreOwnField(page: Page, field: string, value: string): Promise<void> {
  await page.request.patch('/api/me', { data: { field, value }, headers: fromTheAppsPages() });
}

describe('app shell', () => {
  const b = useBrowser();

  it('offers "Skip to main content" as the first Tab stop, and it takes focus past the navigation', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await page.getByRole('heading', { name: 'Value Match', level: 1 }).waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: 'Skip to main content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(new URL(page.url()).hash).toBe('');
    // The next Tab is inside the page, not back in the navigation.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.getElementById('main-content')?.contains(document.activeElement) ?? false),
    ).toBe(true);
  });

  it('keeps the chosen theme across a reload, applied before first paint', async () => {
    await openSignedIn(b.page, 'rita@acme.test');
    // The choice is kept in Rita's preferences too: put back at the end (unset means the default, system).
    const before = (await me(b.page)).preferences.theme ?? 'system';
    try {
      await b.page.getByTestId('user-menu').click();
      await b.page.getByTestId('appearance-menu').click();
      await b.page.getByRole('menuitemradio', { name: 'Dark' }).click();
      expect(await b.page.evaluate(() => localStorage.getItem('theme_preference'))).toBe('dark');
      expect(await b.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
      await b.page.reload();
      expect(await b.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
      await b.page.goto('/login');
      expect(await b.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    } finally {
      await restoreOwnField(b.page, 'preferences.theme', before);
    }
  });

  it('leaves the page where it was when the user menu opens and its items are reached, on a long Home', async () => {
    await openSignedIn(b.page, 'rita@acme.test');
    // Home's feed is longer than the window, so the page could scroll under the menu.
    await expect
      .poll(() => b.page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight))
      .toBe(true);
    await b.page.getByTestId('user-menu').click();
    // Reaching the last items (as a pointer does before a click) must not scroll the page: the menu
    // hangs beside the fixed navigation, and a page moving under it moved the item away from the click.
    await b.page.getByRole('menuitem', { name: 'Getting started' }).hover();
    await b.page.getByRole('menuitem', { name: 'Logout' }).hover();
    expect(await b.page.evaluate(() => window.scrollY)).toBe(0);
    await b.page.keyboard.press('Escape');
    await b.page.getByRole('menuitem', { name: 'Getting started' }).waitFor({ state: 'detached' });
  });

  it("keeps every item of a manager's user menu whole in sight, Logout last, the menu no taller than 20rem", async () => {
    // A manager's menu holds Organization Settings too; on a laptop screen Logout was cut off below it.
    await b.page.setViewportSize({ width: 1366, height: 768 });
    await openSignedIn(b.page, 'mike@acme.test');
    await b.page.getByTestId('user-menu').click();
    await b.page.getByRole('menuitem', { name: 'Organization Settings' }).waitFor();
    const logout = b.page.getByRole('menuitem', { name: 'Logout' });
    const menu = b.page.getByRole('menu');
    const [item, box] = [await logout.boundingBox(), await menu.boundingBox()];
    if (!item || !box) throw new Error('the user menu or its Logout item is not laid out');
    const rem = await b.page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
    expect(box.height).toBeLessThanOrEqual(20 * rem + 1);
    expect(item.y).toBeGreaterThanOrEqual(box.y);
    expect(item.y + item.height).toBeLessThanOrEqual(Math.min(box.y + box.height, 768));
    // Every item above Logout is in sight too, nothing behind the menu's inner scroll ("Getting
    // started" was, with a scroll bar down the menu).
    for (const name of ['Personal Settings', 'Organization Settings', 'Getting started']) {
      const above = await b.page.getByRole('menuitem', { name }).boundingBox();
      if (!above) throw new Error(`${name} is not laid out`);
      expect(above.y + above.height, name).toBeLessThanOrEqual(item.y);
    }
    const scroll = await menu.getByTestId('user-menu-scroll').evaluate((v) => v.scrollHeight - v.clientHeight);
    expect(scroll).toBeLessThanOrEqual(0);
    await logout.click();
    await b.page.waitForURL('**/login**');
  });

  it("keeps the user menu on a touch phone's screen, and the navigation folded once it closes", async () => {
    const phone = await b.newContext('the phone', 'phone');
    const page = await phone.newPage();
    await openSignedIn(page, 'rita@acme.test');
    await page.getByTestId('user-menu').tap();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Logout' }).waitFor();
    const box = await menu.boundingBox();
    if (!box) throw new Error('the user menu is not laid out');
    // It ran 75 px past the right edge, cutting off "System" and "Personal Settings".
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // A tap beside it closes it, and the navigation folds back to its icons. (A phone's tap also
    // leaves a hover behind, which kept it open; Chromium's touch emulation leaves none, so the
    // stylesheet's "hover: hover" condition is not what this checks.)
    const heading = await page.getByRole('heading', { name: 'Value Match' }).boundingBox();
    if (!heading) throw new Error('the page heading is not laid out');
    await page.touchscreen.tap(heading.x + heading.width - 10, heading.y + heading.height / 2);
    await menu.waitFor({ state: 'hidden' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.evaluate((e) => e.getBoundingClientRect().width)).toBeLessThan(70);
  });

  it('switches the language and offers to visit the settings in the route snackbar', async () => {
    await openSignedIn(b.page, 'rita@acme.test');
    // The choice is kept in Rita's preferences too: put back at the end (unset means the default, English).
    const before = (await me(b.page)).preferences.language ?? 'en';
    try {
      await chooseLanguage(b.page, 'Français');
      const snack = b.page.getByTestId('snackbar-route');
      await b.page.getByRole('heading', { name: 'Correspondance de valeur' }).waitFor();
      await snack.getByRole('button', { name: 'Visiter' }).click();
      await b.page.waitForURL('**/settings?category=userPreferences');
      await b.page.reload();
      await b.page.getByRole('heading', { name: 'Paramètres' }).waitFor();
    } finally {
      await restoreOwnField(b.page, 'preferences.language', before);
    }
  });

  it('applies the language kept in the preferences on a browser that has none saved', async () => {
    await openSignedIn(b.page, 'rita@acme.test');
    const before = (await me(b.page)).preferences.language ?? 'en';
    try {
      // Chosen elsewhere: kept in Rita's preferences, unknown to this browser's storage.
      await b.page.request.patch('/api/me', {
        data: { field: 'preferences.language', value: 'fr' },
        headers: fromTheAppsPages(),
      });
      await b.page.evaluate(() => localStorage.removeItem('quarry_language'));
      await b.page.reload();
      await b.page.getByRole('heading', { name: 'Correspondance de valeur' }).waitFor();
      expect(await b.page.locator('html').getAttribute('lang')).toBe('fr');
    } finally {
      await restoreOwnField(b.page, 'preferences.language', before);
      await b.page.evaluate(() => localStorage.removeItem('quarry_language'));
    }
  });

  it('confirms a saved preference in the general snackbar, closable and gone after 4 s', async () => {
    await openSignedIn(b.page, 'raj@acme.test');
    // Raj's name is put back at the end: a retry would otherwise find "Raj P." already saved, and other
    // tests pick him by it.
    const before = (await me(b.page)).display_name;
    try {
      await b.page.goto('/settings?category=userPreferences');
      await b.page.getByLabel('Display name').fill('Raj P.');
      await b.page.getByRole('button', { name: 'Save', exact: true }).click();
      const snack = b.page.getByTestId('snackbar-general');
      await snack.getByText('Your preferences were saved').waitFor();
      await snack.getByRole('button', { name: 'Close' }).click();
      await snack.waitFor({ state: 'detached' });
      await b.page.getByRole('button', { name: 'Save', exact: true }).click();
      await snack.waitFor();
      await snack.waitFor({ state: 'detached', timeout: 6000 });
      await b.page.getByTestId('user-menu').getByText('Raj P.').waitFor();
    } finally {
      await restoreOwnField(b.page, 'display_name', before);
    }
  });
});
