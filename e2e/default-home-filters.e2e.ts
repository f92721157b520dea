import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';

// Gail (Globex admin): no other browser test reads her Home, and her defaults are cleared at the end.
const USER = 'gail@globex.test';

/** Waits until the feed shows cards and every one is of the tier. */
async function feedShowsOnly(page: Page, tier: string): Promise<void> {
  await page.waitForFunction(
    (t) => {
      const cards = [...document.querySelectorAll('[data-testid="value-match-card"]')];
      return cards.length > 0 && cards.every((c) => c.getAttribute('data-tier') === t);
    },
    tier,
    { timeout: 30_000 },
  );
}

/** Replaces the Tier filter's choice in the given fields with one tier, from the keyboard and one click. */
async function chooseOnlyTier(page: Page, fields: ReturnType<Page['getByTestId']>, label: string): Promise<void> {
  const tier = fields.getByRole('combobox', { name: 'Tier', exact: true });
  while ((await fields.locator('.mantine-Pill-root').count()) > 0) await tier.press('Backspace');
  await tier.press('ArrowDown');
  await page.getByRole('option', { name: label, exact: true }).click();
  await tier.press('Escape');
}

const clearDefaults = (page: Page) =>
  page.evaluate(() =>
    fetch('/api/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        field: 'preferences.home_filters',
        value: { tiers: [], hypothesis_ids: [], industries: [], mine: false },
      }),
    }).then((r) => r.status),
  );

describe('default Home filters', () => {
  const b = useBrowser();

  it('opens Home with the defaults set in /preferences/user, and resets to them after a change', async () => {
    const { page } = b;
    await openSignedIn(page, USER);
    try {
      await page.goto('/preferences/user');
      await page.getByRole('heading', { name: 'Default Home filters' }).waitFor();
      const defaults = page.getByTestId('home-filter-fields');
      await chooseOnlyTier(page, defaults, 'Value Alignment');
      await page.getByRole('button', { name: 'Save default filters' }).click();
      await page.getByText('Your preferences were saved').waitFor();

      await page.goto('/');
      await feedShowsOnly(page, 'tier_2');
      expect(new URL(page.url()).search).toBe('');
      const home = page.getByTestId('home-filter-fields');
      expect(await home.locator('.mantine-Pill-root').allTextContents()).toEqual(['Value Alignment']);
      expect(await page.getByRole('button', { name: 'Reset to my defaults' }).count()).toBe(0);

      // Globex has Value Alignments and Activity Found, no Value Match.
      await chooseOnlyTier(page, home, 'Activity Found');
      await feedShowsOnly(page, 'none');
      expect(new URL(page.url()).searchParams.getAll('tier')).toEqual(['none']);
      await page.getByRole('button', { name: 'Reset to my defaults' }).click();
      await feedShowsOnly(page, 'tier_2');
      expect(new URL(page.url()).search).toBe('');

      // The settings tab shows the same saved defaults: one component wherever it appears.
      await page.goto('/settings?category=userPreferences');
      await page.getByRole('heading', { name: 'Default Home filters' }).waitFor();
      expect(await page.getByTestId('home-filter-fields').locator('.mantine-Pill-root').allTextContents()).toEqual([
        'Value Alignment',
      ]);
    } finally {
      expect(await clearDefaults(page)).toBe(200);
    }
  });
});
