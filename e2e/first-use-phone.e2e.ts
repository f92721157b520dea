import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages, inLanguage, removeAddedToTerritory, territoryIds } from './support/cleanup.ts';
import { inviteAndJoin } from './support/invite.ts';
import { uniqueName } from './support/unique.ts';

/** Whether an element lies wholly inside the 390 px wide screen. */
const onScreen = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth;
  });

/** The demo's Walmart, found as the search finds it. */
async function walmartId(page: Page): Promise<string> {
  const search = (await (await page.request.get('/api/accounts/search?q=walmart')).json()) as {
    hits: { master_account_id: string; account_name: string }[];
  };
  const walmart = search.hits.find((h) => h.account_name === 'Walmart');
  if (!walmart) throw new Error('the demo data has no Walmart');
  return walmart.master_account_id;
}

describe('on a 390 px phone', () => {
  const b = useBrowser();

  it("shows Reporting's range presets whole, Last 90 days included, and each page and event named whole with its count", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await startSession(page, 'mike@acme.test');
    await page.goto('/reporting');
    for (const name of ['Last 7 days', 'Last 30 days', 'Last 90 days']) {
      const button = page.getByRole('button', { name });
      await button.waitFor();
      expect(await onScreen(button), name).toBe(true);
    }
    for (const [id, name] of [
      ['report-pages-chart', 'Page views by page'],
      ['report-events-chart', 'Named events'],
    ] as const) {
      const list = page.getByTestId(id).getByRole('list', { name });
      await list.getByRole('listitem').first().waitFor();
      // An axis beside bars had room for a dozen characters: "My Accounts (…". Each row now gives
      // its name whole, wrapped where long, and its count, inside the screen.
      const rows = await list.getByRole('listitem').evaluateAll((items) =>
        items.map((item) => {
          const [label, count] = [...item.querySelectorAll('p')];
          const box = item.getBoundingClientRect();
          return {
            label: label?.textContent ?? '',
            count: count?.textContent ?? '',
            cut: !!label && label.scrollWidth > label.clientWidth + 1,
            inside: box.left >= 0 && box.right <= window.innerWidth,
          };
        }),
      );
      expect(rows.length, id).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.label, id).not.toMatch(/…/);
        expect(row, id).toMatchObject({ cut: false, inside: true });
        expect(row.count, `${id}: ${row.label}`).toMatch(/^\d[\d,]*$/);
      }
      if (id === 'report-pages-chart') expect(rows.map((r) => r.label)).toContain('My Accounts (/MyTerritory)');
    }
    // Each user's counts are on the screen: a table of five columns had pushed them off to the right.
    const rita = page.getByTestId('report-users').getByRole('listitem').filter({ hasText: 'rita@acme.test' });
    await rita.scrollIntoViewIfNeeded();
    for (const count of ['Last sign-in', 'Days active', 'Days signed in', 'Events']) {
      const line = rita.getByText(new RegExp(`^${count}: \\S`));
      const box = await line.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, count).toBe(true);
    }
  });

  it('keeps view-as and an alert to a few lines at the top, each closed by a button beside its text', async () => {
    const { page } = b;
    // The alert is Globex's alone, published by the support account, so no other test meets it.
    const support = await b.newContext('support');
    const supportPage = await support.newPage();
    await startSession(supportPage, 'support@quarry.test');
    const title = uniqueName('Maintenance');
    const published = await supportPage.request.post('/api/support/alerts', {
      headers: fromTheAppsPages(),
      data: {
        title,
        message: 'Quarry will be unavailable on Sunday from 02:00 to 04:00 UTC while we upgrade the database.',
        color: 'warning',
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        tenant_id: 'tnt_globex',
      },
    });
    expect(published.status()).toBe(201);
    const { id } = (await published.json()) as { id: string };
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await startSession(page, 'gail@globex.test');
      await page.goto('/MyTerritory');
      await page.getByTestId('view-as-select').click();
      await page.getByRole('option', { name: /^Gus/ }).click();
      const viewAs = page.getByTestId('view-as-banner');
      const alert = page.getByTestId('alert-banner').filter({ hasText: title });
      await viewAs.getByText(/^Viewing My Accounts as Gus.* \(read-only\)$/).waitFor();
      await alert.waitFor();
      // Beside worded Exit and Dismiss buttons the two had taken 252 px, a third of the screen: now
      // at most a quarter.
      const height = async (locator: Locator) => (await locator.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
      const both = (await height(viewAs)) + (await height(alert));
      expect(both).toBeLessThanOrEqual(844 / 4);
      for (const [banner, name] of [
        [viewAs, 'Exit view-as'],
        [alert, 'Dismiss'],
      ] as const) {
        const button = banner.getByRole('button', { name });
        const box = await button.boundingBox();
        expect(box && box.width >= 24 && box.height >= 24 && box.x + box.width <= 390, name).toBe(true);
      }
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await alert.waitFor({ state: 'detached' });
      await viewAs.getByRole('button', { name: 'Exit view-as' }).click();
      await viewAs.waitFor({ state: 'detached' });
      await page.getByLabel('Add an account').waitFor();
    } finally {
      await supportPage.request.delete(`/api/support/alerts/${id}`, { headers: fromTheAppsPages() });
    }
  });

  it('fits Support Tools and Add Accounts to the screen: their fields take its width', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    await startSession(page, 'support@quarry.test');
    await page.goto('/support-impersonation');
    await page.getByRole('textbox', { name: 'Search users by name, email or company' }).waitFor();
    expect(await width()).toBeLessThanOrEqual(390);
    await startSession(page, 'rita@acme.test');
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Add Accounts', level: 1 }).waitFor();
    await page.getByTestId('upload-type').waitFor();
    expect(await width()).toBeLessThanOrEqual(390);
    // The file button's words are all there, wrapped, not cut short.
    const drop = page.getByRole('button', { name: /^Drop a CSV or text file here/ });
    expect(
      await drop.evaluate((el) => [...el.querySelectorAll('*')].every((c) => c.scrollWidth <= c.clientWidth + 1)),
    ).toBe(true);
    expect(await onScreen(drop)).toBe(true);
  });

  it("shows each of an account's contacts whole, name, title and email, with no sideways scroll", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'rita@acme.test');
    const walmart = await walmartId(page);
    const contacts = (await (await page.request.get(`/api/accounts/${walmart}`)).json()) as {
      contacts: { id: string; title: string; email: string | null }[];
    };
    const reachable = contacts.contacts.find((c) => c.email);
    if (!reachable) throw new Error('Walmart has no contact with an email');
    await page.goto(`/accounts/${walmart}`);
    await page.getByRole('tab', { name: /^Contacts/ }).click();
    const row = page.locator(`[data-contact-id="${reachable.id}"]`);
    const email = row.getByRole('link', { name: reachable.email as string });
    await email.waitFor();
    expect(await onScreen(email)).toBe(true);
    expect(await onScreen(row.getByText(reachable.title, { exact: true }))).toBe(true);
    // Nothing of the table is left past the screen's edge.
    const scroll = page.getByTestId('account-contacts-scroll');
    expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("shows an account's three tabs whole in French, none scrolled off the screen", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'raj@acme.test');
    const walmart = await walmartId(page);
    await inLanguage(page, 'fr', async () => {
      await page.goto(`/accounts/${walmart}`);
      const comments = page.getByRole('tab', { name: /^Commentaires \(\d+\)$/ });
      await comments.waitFor();
      // The tabs had scrolled sideways, "Commentaires (0)" half past the screen's edge with
      // nothing to say it was there.
      for (const tab of [
        page.getByRole('tab', { name: /^Signaux/ }),
        page.getByRole('tab', { name: /^Contacts/ }),
        comments,
      ])
        expect(await onScreen(tab)).toBe(true);
      const list = page.getByRole('tablist');
      expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const clipped = await list.evaluate((el) =>
        [...el.querySelectorAll('[role="tab"] > span')]
          .filter((label) => label.scrollWidth > label.clientWidth + 1)
          .map((label) => label.textContent),
      );
      expect(clipped).toEqual([]);
      await comments.click();
      await page.getByRole('tabpanel', { name: /^Commentaires/ }).waitFor();
    });
  });

  it("gives a touch screen's tick boxes 24 px, and keeps an account's contacts on the screen with them", async () => {
    const phone = await b.newContext('the phone', 'phone');
    const page = await phone.newPage();
    await openSignedIn(page, 'rita@acme.test');
    const walmart = await walmartId(page);
    await page.goto(`/accounts/${walmart}`);
    await page.getByRole('tab', { name: /^Contacts/ }).tap();
    const box = page.getByTestId('account-contacts-scroll').getByRole('checkbox').nth(1);
    await box.waitFor();
    // They had been 20 px, under WCAG's 24 px for a target a finger must hit.
    const size = await box.boundingBox();
    expect(size?.width ?? 0).toBeGreaterThanOrEqual(24);
    expect(size?.height ?? 0).toBeGreaterThanOrEqual(24);
    await box.tap();
    await expect.poll(() => box.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("shows an upload's failed lines with their reasons, and past uploads with their status, on the screen", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'raj@acme.test');
    // Lines that add nothing: Raj's accounts stay as they are.
    const started = await page.request.post('/api/uploads', {
      data: { type: 'WEBSITE', input: `not a website ${Date.now()}\n???`, destination: { type: 'territory' } },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    await page.goto(`/upload?upload=${encodeURIComponent(id)}`);
    const reason = page.getByTestId('upload-failure-line').first().getByText('Not a website or domain');
    await reason.waitFor();
    expect(await onScreen(reason)).toBe(true);
    const row = page.locator(`[data-testid="upload-row"][data-upload-id="${id}"]`);
    await row.getByText('Completed').waitFor();
    expect(await onScreen(row.getByText('Completed'))).toBe(true);
    expect(await onScreen(row.getByRole('button', { name: 'Show' }))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('fits Personal Settings in French: whole button labels, the team section apart', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'raj@acme.test');
    await inLanguage(page, 'fr', async () => {
      await page.goto('/settings?category=userPreferences');
      const save = page.getByRole('button', { name: 'Enregistrer les filtres par défaut' });
      await save.waitFor();
      // "Enregistrer les filtres par défaul" had been cut at the screen's edge.
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('main .mantine-Button-label')]
          .filter((label) => label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().right > 390)
          .map((label) => label.textContent),
      );
      expect(clipped).toEqual([]);
      // The team's section starts below the button with room between, not against it.
      const team = page.getByRole('heading', { name: 'Les préférences de votre équipe' });
      const gap =
        ((await team.boundingBox())?.y ?? 0) -
        (((await save.boundingBox())?.y ?? 0) + ((await save.boundingBox())?.height ?? 0));
      expect(gap).toBeGreaterThanOrEqual(16);
    });
  });

  it("gives a global alert's start and end their whole width in the editor", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'support@quarry.test');
    await page.goto('/support-alerts');
    await page.getByRole('button', { name: 'New alert' }).click();
    const editor = page.getByRole('dialog', { name: 'New alert' });
    const starts = editor.getByLabel('Starts');
    await starts.waitFor();
    // Side by side they had been cut to "11/29/2026, 1(": each now takes the dialog's width.
    const width = (await starts.boundingBox())?.width ?? 0;
    const body = (await editor.boundingBox())?.width ?? 390;
    expect(width).toBeGreaterThan(body * 0.7);
    await page.keyboard.press('Escape');
  });

  it("shows an account's industry whole, however long", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'rita@acme.test');
    // IBM's industry, "Information Technology Services", had read "INFORMATION TECHNOLOGY …".
    await page.goto('/accounts/acc_ibm_com');
    const industry = page.getByTestId('account-industry');
    await industry.waitFor();
    const cut = await industry.evaluate((badge) => {
      const label = badge.querySelector('.mantine-Badge-label') ?? badge;
      return label.scrollWidth > label.clientWidth + 1 || badge.getBoundingClientRect().right > window.innerWidth;
    });
    expect(cut).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("shows a Value Match's contact actions whole beside the navigation, once a contact is ticked", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'rita@acme.test');
    const feed = (await (await page.request.get('/api/value-matches?limit=1&tier=tier_1')).json()) as {
      items: { master_account_id: string }[];
    };
    const first = feed.items[0];
    if (!first) throw new Error('the demo has no Value Match for Acme');
    await page.goto(`/valueMatch/${first.master_account_id}`);
    await page.getByRole('checkbox', { name: 'Select all contacts' }).click();
    const main = await page.locator('#main-content').evaluate((el) => el.getBoundingClientRect().left);
    for (const name of ['Create value message', 'Quick Prospect']) {
      const button = page.getByRole('button', { name });
      await expect.poll(() => button.isEnabled()).toBe(true);
      const box = await button.evaluate((el) => el.getBoundingClientRect());
      expect(box.left, name).toBeGreaterThanOrEqual(main);
      expect(box.right, name).toBeLessThanOrEqual(390);
    }
  });

  it("folds Home's filters behind a Filters button, so the feed starts on the first screen", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'rita@acme.test');
    const card = page.getByTestId('value-match-card').first();
    await card.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('home-filter-fields').count()).toBe(0);
    expect(await card.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    // The reason to call is read whole on a phone: no card's "why now" is cut short.
    const whyNows = page.getByTestId('value-match-why-now');
    expect(await whyNows.count()).toBeGreaterThan(0);
    for (const cut of await whyNows.evaluateAll((els) => els.map((el) => el.scrollHeight > el.clientHeight + 1))) {
      expect(cut).toBe(false);
    }
    const toggle = page.getByRole('button', { name: 'Filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByTestId('home-filter-fields').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Each field within the page's margins: the hypothesis field's 300 px had stuck out past them.
    const fields = page.getByTestId('home-filter-fields');
    const right = await fields.evaluate((el) => (el.parentElement ?? el).getBoundingClientRect().right);
    for (const name of ['Tier', 'Value hypothesis', 'Industry']) {
      const field = fields.getByLabel(name, { exact: true });
      // The whole field (its label's wrapper), not the typing spot inside it.
      const fieldRight = await field.evaluate(
        (el) => (el.closest('[class*="InputWrapper-root"]') ?? el).getBoundingClientRect().right,
      );
      expect(fieldRight, name).toBeLessThanOrEqual(right + 0.5);
    }
    // So with a long hypothesis chosen: its pill is shortened inside the field, the page does not
    // scroll sideways (the field had grown to 536 px).
    const hypotheses = (await (await page.request.get('/api/value-hypotheses')).json()) as {
      hypotheses: { id: string; name: string }[];
    };
    const longest = [...hypotheses.hypotheses].sort((a, b) => b.name.length - a.name.length)[0];
    if (!longest) throw new Error('the demo has no hypothesis');
    await page.goto(`/?hypothesis=${encodeURIComponent(longest.id)}`);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByTestId('home-filter-fields').waitFor();
    await page.getByTestId('home-filter-fields').getByText(longest.name).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('stacks a new trigger\'s name and type, so the type reads whole ("Événemen" in French)', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'ada@acme.test', '/preferences/triggers');
    const form = page.getByTestId('trigger-form').first();
    const type = form.getByLabel('Hit type', { exact: true });
    await type.waitFor();
    const [typeWidth, formWidth] = await Promise.all([
      type.evaluate((el) => el.getBoundingClientRect().width),
      form.evaluate((el) => el.getBoundingClientRect().width),
    ]);
    expect(typeWidth).toBeGreaterThan(formWidth * 0.7);
  });

  it('fits the filter builder on My Accounts to the screen, its field picker readable', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'rita@acme.test', '/MyTerritory');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Add condition' }).click();
    const field = page.getByRole('combobox', { name: 'Industry' });
    await field.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await onScreen(field)).toBe(true);
    // The picker of which field a condition tests is wide enough to read its choice.
    const picker = page.getByRole('combobox').first();
    expect(await picker.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(100);
  });

  it("shows the organisation members table's scrollbar, so its Admin and Manager columns are found", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'ada@acme.test', '/settings?category=tenantConfiguration');
    const members = page.locator('.mantine-TableScrollContainer-scrollContainer', { hasText: 'ada@acme.test' });
    await members.waitFor();
    // Wider than the screen, it scrolls; without a mouse over it, its scrollbar had stayed hidden.
    const viewport = members.locator('.mantine-ScrollArea-viewport').first();
    expect(await viewport.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const bar = members.locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]');
    await expect.poll(() => bar.getAttribute('data-state')).toBe('visible');
  });

  it('keeps the "all / any condition" switch inside its group in French', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'raj@acme.test');
    await inLanguage(page, 'fr', async () => {
      await page.goto('/MyTerritory');
      await page.getByRole('button', { name: 'Filtres', exact: true }).click();
      await page.getByText('Au moins un critère', { exact: true }).waitFor();
      // "Au moins un critère" had run past the switch's border, and the group's, by 7 px.
      const overflow = await page.getByTestId('filter-group-1').evaluate((group) => {
        const root = group.querySelector('.mantine-SegmentedControl-root') as HTMLElement;
        const edge = root.getBoundingClientRect().right;
        return [...root.querySelectorAll('.mantine-SegmentedControl-label')].map((label) =>
          Math.max(0, Math.round(label.getBoundingClientRect().right - edge)),
        );
      });
      expect(overflow).toEqual([0, 0]);
    });
  });

  it("wraps My Accounts' names between their words, not inside them", async () => {
    const { page, context } = b;
    // A member of their own, whose My Accounts no other test reads or changes meanwhile.
    await inviteAndJoin(page, context, 'a-long-password');
    await page.waitForURL((url) => url.pathname === '/');
    await page.setViewportSize({ width: 390, height: 844 });
    const before = await territoryIds(page);
    try {
      // The walk's first screen (3M, A-Mark Precious Metals, Abbott Laboratories, AbbVie) beside the longest industry.
      const ids: string[] = [];
      for (const name of [
        '3M',
        'A-Mark Precious Metals',
        'Abbott Laboratories',
        'AbbVie',
        'Intel',
        'Micron Technology',
      ]) {
        const search = (await (
          await page.request.get(`/api/accounts/search?q=${encodeURIComponent(name)}`)
        ).json()) as {
          hits: { master_account_id: string; account_name: string }[];
        };
        const hit = search.hits.find((h) => h.account_name === name);
        if (!hit) throw new Error(`the demo data has no ${name}`);
        ids.push(hit.master_account_id);
      }
      await page.request.post('/api/territory', { headers: fromTheAppsPages(), data: { master_account_ids: ids } });
      await page.goto('/MyTerritory');
      await page.getByRole('link', { name: 'AbbVie', exact: true }).waitFor();
      for (const name of ['A-Mark Precious Metals', 'Abbott Laboratories', 'AbbVie']) {
        const link = page.getByRole('link', { name, exact: true });
        await link.waitFor();
        // The name's lines, and whether each word stayed whole: a word cut in two ends a line
        // inside it ("Precio|us"), so no line may end where the next starts without a space.
        const lines = await link.evaluate((el) => {
          const text = el.textContent ?? '';
          const range = document.createRange();
          const node = el.firstChild as Text;
          const tops: number[] = [];
          const cuts: number[] = [];
          for (let i = 0; i < text.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            if (tops.length > 0 && top !== tops[tops.length - 1] && text[i - 1] !== ' ' && text[i - 1] !== '-')
              cuts.push(i);
            tops.push(top);
          }
          return cuts;
        });
        expect(lines, name).toEqual([]);
      }
    } finally {
      await removeAddedToTerritory(page, before);
    }
  });
});
