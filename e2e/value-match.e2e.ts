import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { openHome } from './support/home.ts';
import { chooseLanguage } from './support/language.ts';

/** Filters the feed to one tier (dropping the one chosen before) and waits until every card shown is of it. */
async function showOnly(page: Page, label: string, tier: string): Promise<number> {
  const tiers = page.getByRole('combobox', { name: 'Tier', exact: true });
  await tiers.press('Backspace');
  await tiers.press('ArrowDown');
  await page.getByRole('option', { name: label, exact: true }).click();
  await tiers.press('Escape');
  await page.waitForFunction((t) => {
    const cards = [...document.querySelectorAll('[data-testid="value-match-card"]')];
    return cards.length > 0 && cards.every((c) => c.getAttribute('data-tier') === t);
  }, tier);
  const badges = await page.getByTestId('value-match-card').getByTestId('tier-badge').allTextContents();
  return badges.filter((b) => b === label).length;
}

describe('value match', () => {
  const b = useBrowser();

  it('shows Acme all three tiers on Home, each card with its tier badge', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    await page.getByText(/Last computed/).waitFor();
    expect(await page.getByTestId('value-match-card').first().getByTestId('tier-badge').textContent()).toBe(
      'Value Match',
    );
    expect(await showOnly(page, 'Value Match', 'tier_1')).toBeGreaterThan(0);
    expect(await showOnly(page, 'Value Alignment', 'tier_2')).toBeGreaterThan(0);
    expect(await showOnly(page, 'Activity Found', 'none')).toBeGreaterThan(0);
  });

  it("shows Globex different content from Acme: its own hypotheses, none of Acme's", async () => {
    const { page } = b;
    await openHome(page, 'gus@globex.test');
    const text = (await page.getByTestId('value-match-feed').textContent()) ?? '';
    expect(text).toMatch(
      /Breach or attack exposes customer data|Fraud, identity theft or privacy pressure|IT change after a deal/,
    );
    for (const acme of ['Supply disruption puts revenue at risk', 'Input and logistics costs squeeze margins']) {
      expect(text).not.toContain(acme);
    }
  });

  it('opens a card on /valueMatch with the evidence words highlighted and ranked contacts', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    const card = page.getByTestId('value-match-card').first();
    // A link, so that Ctrl+click or a middle click opens the match in a new tab.
    const accountId = await card.getAttribute('data-account-id');
    expect(await card.getByTestId('value-match-open').getAttribute('href')).toBe(
      `/valueMatch/${encodeURIComponent(accountId ?? '')}`,
    );
    await card.getByTestId('value-match-open').click();
    await page.waitForURL(/\/valueMatch\//);
    await page.getByTestId('matched-hypothesis').first().waitFor();
    const marked = await page.getByTestId('matched-hypothesis').locator('mark').allTextContents();
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((m) => m.trim().length > 0)).toBe(true);
    // Excerpts end on a whole sentence or with "…", never both ("business.…").
    const evidence = await page.getByTestId('matched-hypothesis').getByTestId('evidence').allTextContents();
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.filter((text) => /[.!?]…/.test(text))).toEqual([]);
    await page.getByTestId('ranked-contact').first().waitFor();
    // A rep marks nothing (a mark tunes the whole team's matches), and is told who can.
    expect(await page.getByTestId('mark-not-relevant').count()).toBe(0);
    await page
      .getByText(
        'Is a signal here not relevant? Your manager or admin can mark it, which tunes the matches for your whole team.',
      )
      .waitFor();
    await page.getByRole('link', { name: 'Open account page' }).click();
    await page.waitForURL(/\/accounts\//);
  });

  it('lists the contacts to reach on a 390 px phone with each email in sight, nothing scrolled sideways', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page, 'rita@acme.test');
    await page.getByTestId('value-match-card').first().getByTestId('value-match-open').click();
    await page.waitForURL(/\/valueMatch\//);
    const contact = page.getByTestId('ranked-contact').filter({ hasText: '@' }).first();
    await contact.waitFor();
    await contact.scrollIntoViewIfNeeded();
    const email = contact.getByText(/@/);
    const box = await email.boundingBox();
    if (!box) throw new Error('the contact email is not laid out');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // No box inside the contacts scrolls sideways (the table did, the emails off to the right).
    const sideways = await page
      .getByTestId('ranked-contact')
      .first()
      .evaluate((row) => {
        for (let e: Element | null = row; e; e = e.parentElement) {
          if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') return true;
        }
        return false;
      });
    expect(sideways).toBe(false);
    // Ticking a contact still works there.
    await contact.getByRole('checkbox').check();
    await page.getByText('1 selected').waitFor();
  });

  it('offers "Clear filters" when filters leave no card, and clearing shows every card again', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    const unfiltered = await page.getByTestId('value-match-card').count();
    // "Activity Found" with a hypothesis can never match: such cards have no hypothesis.
    await showOnly(page, 'Activity Found', 'none');
    const hypotheses = page.getByRole('combobox', { name: 'Value hypothesis', exact: true });
    await hypotheses.click();
    await page.getByRole('option').first().click();
    await hypotheses.press('Escape');
    // The field grown by its pill leaves the other labels where they were, on one line.
    const fields = page.getByTestId('home-filter-fields');
    const tops = await Promise.all(
      ['Tier', 'Value hypothesis', 'Industry'].map(
        async (label) => (await fields.getByText(label, { exact: true }).boundingBox())?.y,
      ),
    );
    expect(new Set(tops).size).toBe(1);
    const empty = page.getByTestId('value-match-empty');
    await empty.getByText('No accounts match these filters yet.').waitFor();
    expect(await page.getByTestId('value-match-card').count()).toBe(0);

    await empty.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('value-match-card').first().waitFor();
    expect(await page.getByTestId('value-match-card').count()).toBe(unfiltered);
    expect(await page.getByRole('combobox', { name: 'Tier', exact: true }).getAttribute('placeholder')).toBe(
      'All tiers',
    );
    const url = new URL(page.url());
    expect(url.searchParams.getAll('tier')).toEqual([]);
    expect(url.searchParams.getAll('hypothesis')).toEqual([]);
    // Cleared to no filter at all, written out, so that the user's defaults do not come back.
    expect(url.searchParams.get('mine')).toBe('false');
    expect(await empty.count()).toBe(0);
  });

  it('picks the first industry matching what was typed on Enter, and marks the end of the list', async () => {
    const { page } = b;
    await openHome(page, 'rita@acme.test');
    const industry = (
      (await page.getByTestId('value-match-card').first().getByTestId('value-match-industry').textContent()) ?? ''
    ).trim();
    expect(industry).not.toBe('');
    const field = page.getByRole('combobox', { name: 'Industry', exact: true });
    await field.click();
    await field.pressSequentially(industry.slice(0, -1));
    const first = ((await page.getByRole('option').first().textContent()) ?? '').trim();
    expect(first.toLowerCase()).toContain(industry.slice(0, -1).toLowerCase());
    await field.press('Enter');
    await page.waitForURL((u) => u.searchParams.getAll('industry').includes(first));
    await page.waitForFunction((name) => {
      const cards = [...document.querySelectorAll('[data-testid="value-match-industry"]')];
      return cards.length > 0 && cards.every((c) => c.textContent?.trim() === name);
    }, first);
    // Load the remaining pages, if any: the last one ends with the end-of-list line.
    const end = page.getByTestId('value-match-end');
    const more = page.getByRole('button', { name: 'Load more' });
    for (let i = 0; i < 40 && !(await end.isVisible()); i++) {
      // Scrolling may load the last page first, removing the button under the click: then just look again.
      if (await more.isVisible()) await more.click({ timeout: 2_000 }).catch(() => undefined);
      await Promise.race([end.waitFor(), more.waitFor({ state: 'detached' })]).catch(() => undefined);
    }
    expect(await end.textContent()).toBe('You have reached the end of the list.');
    expect(await more.count()).toBe(0);
  });

  it('writes each card’s “why now” in the reader’s language, Korean here, as plain sentences', async () => {
    const { page } = b;
    await openHome(page, 'gus@globex.test');
    // The language is kept in Gus's preferences too: put back at the end (unset means the default, English).
    const me = (await (await page.request.get('/api/me')).json()) as { user: { preferences: { language?: string } } };
    const before = me.user.preferences.language ?? 'en';
    try {
      await chooseLanguage(page, '한국어');
      await page.getByRole('heading', { name: '가치 매칭' }).waitFor();
      const card = page.getByTestId('value-match-card').first();
      const badge = ((await card.getByTestId('tier-badge').textContent()) ?? '').trim();
      expect(['가치 매칭', '가치 부합', '활동 감지']).toContain(badge);
      const whyNow = (await card.getByTestId('value-match-why-now').textContent()) ?? '';
      // Plain Korean sentences a rep could say aloud: no tier name, no English outside the quoted titles.
      expect(whyNow).not.toContain(badge);
      expect(whyNow.replace(/“[^”]*”/g, '')).toMatch(/[\uac00-\ud7a3]/);
      expect(whyNow.replace(/“[^”]*”/g, '')).not.toMatch(/\b(Value|Activity|signal|news article|mentions)\b/);
      // Korean lines break between words, never inside one ("검토 필/요").
      expect(await card.getByTestId('value-match-why-now').evaluate((el) => getComputedStyle(el).wordBreak)).toBe(
        'keep-all',
      );
    } finally {
      await page.request.patch('/api/me', {
        data: { field: 'preferences.language', value: before },
        headers: fromTheAppsPages(),
      });
    }
  });
});
