import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';

const SUPPORT = 'support@quarry.test';

describe('Support Tools and impersonation', () => {
  const b = useBrowser();

  it('lets the support account act as rita with a reason, under a warning banner and avatar, and Stop returns to Support Tools', async () => {
    const { page } = b;
    await openSignedIn(page, SUPPORT);
    await page.getByRole('link', { name: 'Support Tools' }).click();
    await page.waitForURL('**/support-impersonation');
    // Off the navigation card, which widens over the page while hovered.
    await page.mouse.move(900, 600);
    // A service account is labelled as one, not as a regular user.
    await page.getByLabel('Search users by name, email or company').fill('admin@acme');
    await page
      .getByTestId('support-users')
      .getByRole('row', { name: /admin@acme\.test/ })
      .getByText('Service account', { exact: true })
      .waitFor();
    await page.getByLabel('Search users by name, email or company').fill('rita');
    const row = page.getByTestId('support-users').getByRole('row', { name: /rita@acme\.test/ });
    await row.getByText('Acme Analytics').waitFor();
    // Chosen with the keyboard, the reason is where typing goes next.
    await row.getByRole('button', { name: 'Choose Rita Rep' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/support-impersonation\?uid=/);
    const reason = page.getByRole('textbox', { name: 'Reason' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);

    const impersonate = page.getByRole('button', { name: 'Impersonate' });
    expect(await impersonate.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Reason' }).fill('Ticket 1234: her list is missing');
    await impersonate.click();

    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText('You are acting as Rita Rep (Acme Analytics)').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const avatar = page.getByTestId('user-menu').locator('[data-impersonating="true"]');
    await avatar.waitFor();
    // Warning-coloured: Mantine's filled orange, not the usual light blue.
    const background = await avatar.evaluate(
      (el) => getComputedStyle(el.querySelector('.mantine-Avatar-placeholder') ?? el).backgroundColor,
    );
    const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(150);
    expect(blue).toBeLessThan(60);
    // Rita's data from here on: the server answers as her.
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.user.email).toBe('rita@acme.test');
    expect(me.impersonation.impersonator_email).toBe(SUPPORT);
    // The banner says when the 60-minute limit ends it, in the reader's time.
    const endsAt = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(
      new Date(me.impersonation.expires_at),
    );
    await banner.getByTestId('impersonation-ends').getByText(`Ends at ${endsAt}`).waitFor();
    // Any session already impersonating sees Support Tools.
    await page.getByRole('link', { name: 'Support Tools' }).waitFor();
    // Global alerts are the support account's own: acting as Rita, the page is not offered.
    await page.goto('/support-alerts');
    await page.getByText('You don’t have access to that page.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // A second tab of the same session, on Rita's Actions, under the same banner.
    const other = await page.context().newPage();
    try {
      await other.goto('/actions');
      await other.getByTestId('impersonation-banner').getByText('You are acting as Rita Rep').waitFor();
      await banner.getByRole('button', { name: 'Stop' }).click();
      // Stopped in the first tab, the second starts over as support, without Rita's name or banner.
      await other.waitForURL((url) => url.pathname === '/');
      await other.getByTestId('user-menu').locator('[data-impersonating="false"]').waitFor();
      expect(await other.getByTestId('impersonation-banner').count()).toBe(0);
    } finally {
      await other.close();
    }
    await page.waitForURL((url) => url.pathname === '/support-impersonation');
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Support Tools' }).waitFor();
    await page.getByTestId('user-menu').locator('[data-impersonating="false"]').waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toContain('Support');
    const after = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(after.user.email).toBe(SUPPORT);
    expect(after.impersonation).toBeNull();
  });

  it('says "User not found" for an unknown uid in the URL', async () => {
    await startSession(b.page, SUPPORT);
    await b.page.goto('/support-impersonation?uid=no-such-user');
    await b.page.getByTestId('support-user-error').getByText('User not found').waitFor();
  });

  it('never shows rita Support Tools: no nav item, the URL goes home, and the API refuses', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await page.getByRole('link', { name: 'My Accounts' }).waitFor();
    expect(await page.getByRole('link', { name: 'Support Tools' }).count()).toBe(0);
    await page.goto('/support-impersonation');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { name: 'Support Tools' }).count()).toBe(0);
    const status = await page.evaluate(() => fetch('/api/support/users?q=a').then((r) => r.status));
    expect(status).toBe(403);
  });

  it('lets rita view My Accounts as raj, read-only, and exit in one click', async () => {
    const { page } = b;
    await startSession(page, 'rita@acme.test');
    await page.goto('/MyTerritory');
    await page.getByLabel('Add an account').waitFor();
    await page.getByTestId('view-as-select').click();
    // Colleagues only: neither Rita herself nor the tenant's service account is offered. The list
    // is read once its colleagues have loaded (Ada among them), not as the dropdown opens.
    await page.getByRole('option', { name: /^Ada/ }).first().waitFor();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.some((name) => /service account/i.test(name))).toBe(false);
    expect(offered).not.toContain('Rita Rep');
    expect(offered.some((name) => name.startsWith('Ada'))).toBe(true);
    // A test may rename raj; his name still starts with Raj.
    await page.getByRole('option', { name: /^Raj/ }).click();
    const banner = page.getByTestId('view-as-banner');
    await banner.getByText(/^Viewing My Accounts as Raj.* \(read-only\)$/).waitFor();
    // On a phone the exit keeps its words whole; the banner's text wraps beside it.
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const exit = banner.getByRole('button', { name: 'Exit view-as' });
      await exit.waitFor();
      const clipped = await exit.evaluate((button) => {
        const label = button.querySelector('.mantine-Button-label') ?? button;
        return label.scrollWidth > label.clientWidth + 1;
      });
      expect(clipped).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(await page.getByLabel('Add an account').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove from My Accounts' }).isDisabled()).toBe(true);
    // Home, previewed as Raj, is read-only too: its cards offer no Assign.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Value' }).click();
    await page.getByTestId('value-match-card').first().waitFor();
    expect(await page.getByRole('button', { name: /^Assign / }).count()).toBe(0);
    // So is a match's page: no Not relevant mark, no flow started from its contacts.
    await page.getByTestId('value-match-card').first().getByTestId('value-match-open').click();
    await page.getByTestId('matched-hypothesis').first().waitFor();
    expect(await page.getByTestId('mark-not-relevant').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create value message' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Value' }).click();
    await page.getByTestId('value-match-card').first().waitFor();
    await banner.getByRole('button', { name: 'Exit view-as' }).click();
    await page
      .getByRole('button', { name: /^Assign / })
      .first()
      .waitFor();
    await page.goto('/MyTerritory');
    await banner.waitFor({ state: 'detached' });
    await page.getByLabel('Add an account').waitFor();
  });
});
