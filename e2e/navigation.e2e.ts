import { describe, expect, it } from 'vitest';
import { openSignedIn, signIn, startSession, useBrowser } from './support/browser.ts';

async function navItems(page: import('playwright-core').Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Value' }).waitFor();
  return (await nav.locator('a, button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

describe('navigation', () => {
  const b = useBrowser();

  it('shows the 404 page with a Home button for an unknown path', async () => {
    await startSession(b.page, 'rita@acme.test');
    await b.page.goto('/no/such/page');
    await b.page.getByRole('heading', { name: 'Oops' }).waitFor();
    await b.page.getByText('The page you are looking for does not exist.').waitFor();
    await b.page.getByRole('link', { name: 'Home', exact: true }).click();
    await b.page.waitForURL((u) => u.pathname === '/');
  });

  it('opens Home, the list of matches, for /valueMatch without an account (an address cut back from a match)', async () => {
    await startSession(b.page, 'rita@acme.test');
    await b.page.goto('/valueMatch');
    await b.page.waitForURL((u) => u.pathname === '/');
    await b.page.getByTestId('value-match-card').first().waitFor();
    expect(await b.page.getByRole('heading', { name: 'Oops' }).count()).toBe(0);
  });

  it('names each page in the browser tab: the page, the account, or what is missing', async () => {
    await startSession(b.page, 'rita@acme.test');
    const tabNamed = (title: string) =>
      b.page.waitForFunction((expected) => document.title === expected, title, { timeout: 30_000 });
    await b.page.goto('/MyTerritory');
    await tabNamed('My Accounts · Quarry');
    await b.page.goto('/accounts/acc_walmart_com');
    await tabNamed('Walmart · Quarry');
    await b.page.goto('/accounts/acc_does_not_exist');
    await tabNamed('Account not found · Quarry');
    await b.page.goto('/preferences/user');
    await tabNamed('Your preferences · Quarry');
  });

  it('shows a regular user neither Support Tools nor Reporting', async () => {
    await openSignedIn(b.page, 'rita@acme.test');
    const items = await navItems(b.page);
    expect(items).toEqual(
      expect.arrayContaining(['Value', 'Actions', 'Search', 'Lists', 'My Accounts', 'Add Accounts']),
    );
    expect(items).not.toContain('Reporting');
    expect(items).not.toContain('Support Tools');
    await b.page.getByTestId('user-menu').click();
    await b.page.getByRole('menuitem', { name: 'Personal Settings' }).waitFor();
    expect(await b.page.getByRole('menuitem', { name: 'Organization Settings' }).count()).toBe(0);
    // Help (spec section 9), in Personal Settings: support by email to this server's support
    // address, no change log configured.
    await b.page.getByRole('menuitem', { name: 'Personal Settings' }).click();
    const support = b.page.getByRole('link', { name: /^Help and support/ });
    await support.waitFor();
    expect(await support.getAttribute('href')).toBe('mailto:support@quarry.test');
    expect(await b.page.getByRole('link', { name: /^What's new/ }).count()).toBe(0);
  });

  it('keeps a regular user out of /reporting', async () => {
    await startSession(b.page, 'rita@acme.test');
    await b.page.goto('/reporting');
    await b.page.waitForURL((u) => u.pathname === '/');
    // Told who may open it, not only that they may not.
    await b.page
      .getByTestId('snackbar-general')
      .getByText(
        'You don’t have access to that page. Reporting is for managers and admins: ask an admin of your company if you need it.',
      )
      .waitFor();
  });

  it('shows a manager Reporting and Organization Settings', async () => {
    await openSignedIn(b.page, 'mike@acme.test');
    const items = await navItems(b.page);
    expect(items).toContain('Reporting');
    expect(items).not.toContain('Support Tools');
    await b.page.getByTestId('user-menu').click();
    await b.page.getByRole('menuitem', { name: 'Organization Settings' }).click();
    await b.page.waitForURL('**/settings?category=tenantConfiguration');
    await b.page.getByRole('heading', { name: 'Acme Analytics' }).waitFor();
  });

  it('shows an admin Reporting but not Support Tools', async () => {
    await openSignedIn(b.page, 'ada@acme.test');
    const items = await navItems(b.page);
    expect(items).toContain('Reporting');
    expect(items).not.toContain('Support Tools');
  });

  it('shows the support account Support Tools', async () => {
    await openSignedIn(b.page, 'support@quarry.test');
    const items = await navItems(b.page);
    expect(items).toContain('Support Tools');
    await b.page.getByRole('link', { name: 'Support Tools' }).click();
    await b.page.getByRole('heading', { name: 'Support Tools' }).waitFor();
  });

  it('collapses the navigation card when the pointer leaves after a click, and expands it on keyboard focus', async () => {
    const { page } = b;
    await openSignedIn(page, 'raj@acme.test');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const widthIs = (wide: boolean) =>
      page.waitForFunction((expectWide) => {
        const width = document.querySelector('nav[aria-label="Main navigation"]')?.getBoundingClientRect().width ?? 0;
        return expectWide ? width > 200 : width < 80;
      }, wide);
    await widthIs(false);
    // Collapsed, only icons show: no label's first letter peeks out beside them.
    const labelOpacity = () =>
      nav
        .getByRole('link', { name: 'Actions' })
        .locator('span')
        .last()
        .evaluate((el) => Number(getComputedStyle(el).opacity));
    await expect.poll(labelOpacity).toBe(0);
    await nav.getByRole('link', { name: 'Actions' }).hover();
    await widthIs(true);
    await expect.poll(labelOpacity).toBe(1);
    await nav.getByRole('link', { name: 'Actions' }).click();
    await page.waitForURL(/\/actions/);
    await page.mouse.move(900, 500);
    await widthIs(false);
    // The new page has the focus; the keyboard goes back into the navigation with Shift+Tab.
    await page.keyboard.press('Shift+Tab');
    await widthIs(true);
    expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  it('keeps the navigation card open while its user menu is open, so the menu stays under the pointer', async () => {
    const { page } = b;
    await openSignedIn(page, 'raj@acme.test');
    const width = () =>
      page.evaluate(
        () => document.querySelector('nav[aria-label="Main navigation"]')?.getBoundingClientRect().width ?? 0,
      );
    await page.getByTestId('user-menu').click();
    // An item that opens no menu of its own: Appearance and Language open theirs beside it.
    const item = page.getByRole('menuitem', { name: 'Personal Settings' });
    await item.hover();
    // The card would take 150 ms to collapse: check after that that it stayed open.
    await page.waitForTimeout(400);
    expect(await width()).toBeGreaterThan(200);
    // Closed with the mouse (Escape would hand keyboard focus back to the menu button, which keeps the card open).
    await page.mouse.click(900, 500);
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () => (document.querySelector('nav[aria-label="Main navigation"]')?.getBoundingClientRect().width ?? 999) < 80,
    );
  });

  it('opens the Lists drawer from the navigation card', async () => {
    await openSignedIn(b.page, 'rita@acme.test');
    await b.page.getByRole('button', { name: 'Lists' }).click();
    await b.page.getByRole('dialog', { name: 'Lists' }).waitFor();
  });

  it('tracks page views and the daily login through /AnalyticsRelay', async () => {
    await signIn(b.page, 'raj@acme.test');
    // A page load forgets the token in memory: the first event queued fetches a new one, so that
    // hiding the tab right after can send with it.
    const tokenFetched = b.page.waitForResponse((r) => r.url().endsWith('/api/session/token') && r.ok());
    await b.page.goto('/actions?source=email');
    await tokenFetched;
    const sent = b.page.waitForRequest((r) => r.url().endsWith('/AnalyticsRelay') && r.method() === 'POST', {
      timeout: 20_000,
    });
    // Hiding the tab flushes the queue at once instead of waiting for the 10 s timer.
    await b.page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const request = await sent;
    const body = request.postDataJSON() as { events: { event: string; properties: Record<string, unknown> }[] };
    expect(request.headers().authorization).toMatch(/^Bearer ey/);
    const names = body.events.map((e) => e.event);
    expect(names).toContain('User Login');
    const page = body.events.find((e) => e.event === 'Page Viewed' && e.properties.path === '/actions');
    expect(page?.properties.login_source).toBe('email');
    const response = await request.response();
    expect(response?.status()).toBe(200);
  });
});
