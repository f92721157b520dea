import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';

/** Two animation frames: long enough for a dropdown opened by a focus event to be in the page. */
const afterRender = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

describe('Home filters by keyboard', () => {
  const b = useBrowser();

  it('does not open a filter list when Tab lands on it; typing or ArrowDown opens it', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await page.getByTestId('value-match-card').first().waitFor({ timeout: 30_000 });
    const fields = page.getByTestId('home-filter-fields');
    const tier = fields.getByLabel('Tier', { exact: true });
    const hypothesis = fields.getByLabel('Value hypothesis', { exact: true });
    const industry = fields.getByLabel('Industry', { exact: true });
    await tier.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => hypothesis.evaluate((el) => el === document.activeElement)).toBe(true);
    await afterRender(page);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => industry.evaluate((el) => el === document.activeElement)).toBe(true);
    await afterRender(page);
    expect(await page.getByRole('listbox').count()).toBe(0);

    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.keyboard.type('a');
    await page.getByRole('listbox').waitFor();
  });
});
