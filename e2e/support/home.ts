import type { Page } from 'playwright-core';
import { openSignedIn } from './browser.ts';

/**
 * Home after sign-in, once its feed is shown and no recompute is queued or running: a recompute
 * that an earlier file of the same worker queued (a preference saved, a match marked not relevant)
 * would otherwise reorder the feed under a test that picked its nth card.
 */
export async function openHome(page: Page, email: string): Promise<void> {
  await openSignedIn(page, email);
  await page.getByRole('heading', { name: 'Value Match' }).waitFor();
  await page.getByTestId('value-match-card').first().waitFor({ timeout: 30_000 });
  // The page asks again every 3 s while one runs, and reloads the feed when it ends.
  await page
    .getByTestId('value-match-status')
    .getByText(/^Last computed /)
    .waitFor({ timeout: 90_000 });
}
