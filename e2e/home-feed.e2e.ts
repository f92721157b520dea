import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { openHome } from './support/home.ts';
import { chooseLanguage } from './support/language.ts';

/** Is the element's whole box inside the window as the user sees it now? */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.y >= 0 && box.y + box.height <= viewport.height;
}

/** Texts of the elements shown cut with an ellipsis: wider content than the box that holds it. */
function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (s) =>
      [...document.querySelectorAll<HTMLElement>(s)]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent ?? ''),
    selector,
  );
}

const isSecondPage = (url: URL) => url.pathname === '/api/value-matches' && url.searchParams.get('offset') !== '0';

describe('home feed', () => {
  const b = useBrowser();

  it('offers Retry when the first page fails, and shows the feed once it loads', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const isFirstPage = (url: URL) => url.pathname === '/api/value-matches' && url.searchParams.get('offset') === '0';
    await page.route(isFirstPage, (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } }),
    );
    try {
      await page.reload();
      await page.getByText('Error getting value matches, please try again').waitFor({ timeout: 30_000 });
    } finally {
      await page.unrouteAll();
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('value-match-card').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('Error getting value matches, please try again').count()).toBe(0);
  });

  it('shows a failed next page where the user is, at the end of the list, with a Retry that loads it', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    const cards = page.getByTestId('value-match-card');
    const more = page.getByRole('button', { name: 'Load more' });
    await more.waitFor();
    const firstPage = await cards.count();

    let failedRequests = 0;
    await page.route(isSecondPage, (route) => {
      failedRequests++;
      return route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } });
    });
    // The user reads on to the end of the page, where the next page starts loading.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

    const error = page.getByTestId('value-match-more-error');
    const message = error.getByText('Could not load more value matches.');
    await message.waitFor({ timeout: 20_000 });
    // Where the user is: after the last card, on screen, and nothing at the top of the page.
    expect(await inView(page, message)).toBe(true);
    const lastCard = await cards.last().boundingBox();
    const errorBox = await error.boundingBox();
    expect(errorBox?.y).toBeGreaterThan(lastCard?.y ?? Number.POSITIVE_INFINITY);
    expect(await page.getByText('Error getting value matches, please try again').count()).toBe(0);
    expect(await cards.count()).toBe(firstPage);
    expect(await more.count()).toBe(0);

    // Scrolling on does not try again by itself: the user decides.
    const tried = failedRequests;
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(1_500);
    expect(failedRequests).toBe(tried);

    await page.unrouteAll();
    const retry = error.getByRole('button', { name: 'Retry' });
    await retry.scrollIntoViewIfNeeded();
    expect(await inView(page, retry)).toBe(true);
    await retry.click();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(firstPage);
    await error.waitFor({ state: 'detached' });
    // The cards shown before are still there, first among them.
    expect(await cards.count()).toBeGreaterThan(firstPage);
  });

  it('never cuts a tier name: card badges on a 390 px phone, chosen tiers in the filter at 1280 px', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 800 });
    await openHome(page, 'rita@acme.test');
    const badges = page.getByTestId('value-match-card').getByTestId('tier-badge');
    expect(await badges.count()).toBeGreaterThan(0);
    expect(await cutTexts(page, '[data-testid="tier-badge"], [data-testid="tier-badge"] *')).toEqual([]);
    expect(new Set(await badges.allTextContents())).toContain('Value Match');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?tier=tier_2');
    await page.getByTestId('value-match-card').first().waitFor({ timeout: 30_000 });
    const fields = page.getByTestId('home-filter-fields');
    const pills = fields.locator('.mantine-Pill-root');
    expect(await pills.allTextContents()).toEqual(['Value Alignment']);
    expect(await cutTexts(page, '[data-testid="home-filter-fields"] .mantine-Pill-root *')).toEqual([]);

    // All three chosen: each still whole, and the other fields' labels stay on the first line.
    await page.goto('/?tier=tier_1&tier=tier_2&tier=none');
    await page.getByTestId('value-match-card').first().waitFor({ timeout: 30_000 });
    expect(await pills.allTextContents()).toEqual(['Value Match', 'Value Alignment', 'Activity Found']);
    expect(await cutTexts(page, '[data-testid="home-filter-fields"] .mantine-Pill-root *')).toEqual([]);
    const tops = await Promise.all(
      ['Tier', 'Value hypothesis', 'Industry'].map(
        async (label) => (await fields.getByText(label, { exact: true }).boundingBox())?.y,
      ),
    );
    expect(new Set(tops).size).toBe(1);
  });

  it('filters by a hypothesis to every account matching it, saying so on cards another one leads', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    await page.goto('/?hypothesis=hyp_acme_cost');
    const cards = page.getByTestId('value-match-card');
    await cards.first().waitFor({ timeout: 30_000 });
    // Scrolled to the end, the feed holds accounts the hypothesis leads and accounts it only also matches.
    const also = cards.filter({ has: page.getByTestId('value-match-also') });
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 4000);
          return also.count();
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    const name = (await page.getByTestId('value-match-also').first().textContent()) ?? '';
    expect(name).toMatch(/^Also matches: \S/);
  });

  it('fits the page title of Home on a 390 px phone in French', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    // The menu and the select's dropdown open without animation, as for a reader who asks for
    // reduced motion: a click on the select while the menu was still growing in once left its
    // options unopened on a busy machine. What is measured here is the title, not the motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await chooseLanguage(page, 'Français');
      // The user menu fades out after Escape; shrinking the window while it is still there would
      // measure the leaving menu (placed for 1280 px) instead of the page. Wait for it to go.
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      await page.setViewportSize({ width: 390, height: 800 });
      const heading = page.getByRole('heading', { name: 'Correspondance de valeur', level: 1 });
      await heading.waitFor();
      const fits = async () => {
        const box = await heading.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
        expect(await cutTexts(page, 'h1')).toEqual([]);
        // Nothing on the page is wider than the phone: no sideways scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      };
      await fits();
      // The campaign button says it short on a phone, on one line: the full name had taken three
      // lines in French beside the navigation.
      const campaign = page.getByRole('button', { name: /^Lancer une campagne \(\d+\+?\)$/ });
      await campaign.waitFor();
      expect((await campaign.boundingBox())?.height ?? 0).toBeLessThan(48);
      // Whatever font the reader's machine has: a much wider one (the letters spaced as a wide
      // CJK font's Latin glyphs may be) still leaves the title on the screen.
      await page.addStyleTag({ content: 'h1 { letter-spacing: 0.45em; }' });
      await fits();
      // A match's page too: its actions ("Ajouter à une liste"…) wrap instead of widening it.
      const [first] = (
        (await (await page.request.get('/api/value-matches?limit=1')).json()) as {
          items: { master_account_id: string }[];
        }
      ).items;
      await page.goto(`/valueMatch/${encodeURIComponent(first?.master_account_id ?? '')}`);
      await page.getByTestId('matched-hypothesis').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      // Rita reads English in every other test.
      await page.request.patch('/api/me', { data: { field: 'preferences.language', value: 'en' } });
      await page.emulateMedia({ reducedMotion: null });
    }
  });

  it('drops a hypothesis id the user has not from the address, and says nothing of the status until it is known', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    // The status (on its own, and with the feed's first page) held back until the header is checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const carriesStatus = (url: URL) =>
      url.pathname === '/api/value-matches/status' ||
      (url.pathname === '/api/value-matches' && url.searchParams.get('offset') === '0');
    await page.route(carriesStatus, async (route) => {
      await held;
      await route.continue();
    });
    try {
      const hypotheses = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/value-hypotheses');
      const statusAsked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/value-matches/status');
      // The held first page, answered before the route is taken away (unrouting a handler still
      // waiting can leave its request without an answer, and the feed without cards).
      const firstPage = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/value-matches' && url.searchParams.get('offset') === '0';
      });
      await page.goto('/?hypothesis=nope');
      await page.getByRole('heading', { name: 'Value Match' }).waitFor();
      await statusAsked;
      expect(await page.getByText('Not computed yet').count()).toBe(0);
      release();
      await page
        .getByTestId('value-match-status')
        .getByText(/^Last computed /)
        .waitFor();
      await hypotheses;
      await firstPage;
    } finally {
      release();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    // Not among Rita's hypotheses: no "nope" chip, and the feed is not filtered by it.
    await page.getByTestId('value-match-card').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('nope', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Value hypothesis' }).getAttribute('placeholder')).toBe(
      'All hypotheses',
    );
  });

  it('returns Back from an opened card to the same place in the feed, and opens the card at its top', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    const cards = page.getByTestId('value-match-card');
    const ninth = cards.nth(8);
    await ninth.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    const name = (await ninth.getByTestId('value-match-account-name').textContent()) ?? '';
    await ninth.getByTestId('value-match-open').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await ninth.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await inView(page, ninth.getByTestId('value-match-account-name'))).toBe(true);
  });

  it('starts a Value Match campaign over every Value Match account of the feed, not only the first page loaded', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    // The first page holds only Value Match accounts, so the button cannot know how many there are.
    const button = page.getByRole('button', { name: /^Start a Value Match campaign \(\d+\+\)$/ });
    await button.waitFor();
    const shown = Number(/\((\d+)\+\)/.exec((await button.textContent()) ?? '')?.[1]);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Start a Value Match campaign?' });
    await dialog.waitFor({ timeout: 30_000 });
    const said = Number(/each of the (\d+) Value Match accounts/.exec((await dialog.textContent()) ?? '')?.[1]);
    // The rest were loaded into the feed, up to the first account of a lower tier.
    const cards = page.getByTestId('value-match-card');
    const tiers = await cards.evaluateAll((all) => all.map((c) => c.getAttribute('data-tier')));
    expect(tiers.at(-1)).not.toBe('tier_1');
    expect(said).toBe(tiers.filter((t) => t === 'tier_1').length);
    expect(said).toBeGreaterThan(shown);
    // Nothing is started without the confirmation.
    await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    // The focus is back on the button (it was on the page body, back at the top).
    await page.getByRole('button', { name: `Start a Value Match campaign (${said})` }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(`Start a Value Match campaign (${said})`);
  });

  it('rings the filter the keyboard is in, 2 px wide: not only its 1 px border turning blue', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    await page.getByRole('combobox', { name: 'Industry', exact: true }).focus();
    const ring = await page
      .locator('#home-filters .mantine-Input-input:focus-within')
      .evaluate((box) => ({ style: getComputedStyle(box).outlineStyle, width: getComputedStyle(box).outlineWidth }));
    expect(ring.style).toBe('solid');
    expect(Number.parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
  });
});
