import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';

describe("the support account's Home", () => {
  const b = useBrowser();

  it('leads to Support Tools, not to a feed of Assign buttons for a tenant support does not belong to', async () => {
    const { page } = b;
    await openSignedIn(page, 'support@quarry.test');
    await page.waitForURL((url) => url.pathname === '/support-impersonation');
    await page.getByRole('heading', { name: 'Support Tools' }).waitFor();
    // Home, asked for by its address or from the navigation, is Support Tools too.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/support-impersonation');
    await page.getByRole('heading', { name: 'Support Tools' }).waitFor();
    expect(await page.getByRole('button', { name: /^Assign/ }).count()).toBe(0);
  });
});
