import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';

/** Home after sign-in, once the start-up recompute has filled the feed. */
async function openHome(page: Page, email: string) {
  await signIn(page, email);
  await page.getByRole('heading', { name: 'Value Match' }).waitFor();
  await page.getByTestId('value-match-card').first().waitFor({ timeout: 30_000 });
}

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
    await page.getByTestId('value-match-card').first().getByTestId('value-match-open').click();
    await page.waitForURL(/\/valueMatch\//);
    await page.getByTestId('matched-hypothesis').first().waitFor();
    const marked = await page.getByTestId('matched-hypothesis').locator('mark').allTextContents();
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((m) => m.trim().length > 0)).toBe(true);
    await page.getByTestId('ranked-contact').first().waitFor();
    await page.getByRole('link', { name: 'Open account page' }).click();
    await page.waitForURL(/\/accounts\//);
  });
});
