import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';

const alerts = [
  {
    id: 'maintenance-1',
    title: 'Scheduled maintenance',
    message: 'Quarry is read-only on <b>Sunday</b> <img src=x onerror="window.__xss=1">',
    color: 'warning',
    dismissible: true,
    allowDontShowAgain: true,
  },
];

// The spec's alert lookup answers nothing; the test feeds the banner alerts at the HTTP boundary.
const feedAlerts = (route: Route) => route.fulfill({ json: { alerts } });

describe('app shell', () => {
  const b = useBrowser();

  it('keeps the chosen theme across a reload, applied before first paint', async () => {
    await signIn(b.page, 'rita@acme.test');
    await b.page.getByTestId('user-menu').click();
    await b.page.getByText('Dark', { exact: true }).click();
    expect(await b.page.evaluate(() => localStorage.getItem('theme_preference'))).toBe('dark');
    expect(await b.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await b.page.reload();
    expect(await b.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await b.page.goto('/login');
    expect(await b.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  });

  it('switches the language and offers to visit the settings in the route snackbar', async () => {
    await signIn(b.page, 'rita@acme.test');
    await b.page.getByTestId('user-menu').click();
    await b.page.getByTestId('language-select').click();
    await b.page.getByRole('option', { name: 'Français' }).click();
    const snack = b.page.getByTestId('snackbar-route');
    await snack.waitFor();
    await b.page.keyboard.press('Escape');
    await b.page.getByRole('heading', { name: 'Correspondance de valeur' }).waitFor();
    await snack.getByRole('button', { name: 'Visiter' }).click();
    await b.page.waitForURL('**/settings?category=userPreferences');
    await b.page.reload();
    await b.page.getByRole('heading', { name: 'Paramètres' }).waitFor();
  });

  it('confirms a saved preference in the general snackbar, closable and gone after 4 s', async () => {
    await signIn(b.page, 'raj@acme.test');
    await b.page.goto('/settings?category=userPreferences');
    await b.page.getByLabel('Display name').fill('Raj P.');
    await b.page.getByRole('button', { name: 'Save' }).click();
    const snack = b.page.getByTestId('snackbar-general');
    await snack.getByText('Your preferences were saved').waitFor();
    await snack.getByRole('button', { name: 'Close' }).click();
    await snack.waitFor({ state: 'detached' });
    await b.page.getByRole('button', { name: 'Save' }).click();
    await snack.waitFor();
    await snack.waitFor({ state: 'detached', timeout: 6000 });
    await b.page.getByTestId('user-menu').getByText('Raj P.').waitFor();
  });

  it('shows an alert, renders its HTML inert, and hides it for the session with Dismiss', async () => {
    await b.context.route('**/api/alerts', feedAlerts);
    await signIn(b.page, 'rita@acme.test');
    const banner = b.page.getByTestId('alert-banner');
    await banner.getByText('Scheduled maintenance').waitFor();
    expect(await banner.locator('b').textContent()).toBe('Sunday');
    expect(await banner.locator('img').count()).toBe(0);
    expect(await b.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect((await banner.boundingBox())?.height).toBe(40);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await b.page.reload();
    await b.page.getByRole('heading', { name: 'Value Match' }).waitFor();
    expect(await b.page.getByTestId('alert-banner').count()).toBe(0);
    // A new browser session shows it again: Dismiss is for the session only.
    const fresh = await b.context.newPage();
    await fresh.goto('/');
    await fresh.getByTestId('alert-banner').waitFor();
  });

  it("hides an alert for good with Don't show again", async () => {
    await b.context.route('**/api/alerts', feedAlerts);
    await signIn(b.page, 'rita@acme.test');
    const banner = b.page.getByTestId('alert-banner');
    await banner.getByRole('button', { name: "Don't show again" }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await b.page.evaluate(() => localStorage.getItem('quarry_hidden_alerts'))).toContain('maintenance-1');
    const fresh = await b.context.newPage();
    await fresh.goto('/');
    await fresh.getByRole('heading', { name: 'Value Match' }).waitFor();
    expect(await fresh.getByTestId('alert-banner').count()).toBe(0);
  });
});
