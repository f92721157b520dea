import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hubspotToken, openSignedIn, useBrowser } from './support/browser.ts';
import { startFlowFor } from './support/start-flow.ts';

/** Opens the first Value Match card's /valueMatch page. */
async function openFirstMatch(page: Page): Promise<void> {
  await page.goto('/');
  const card = page.getByTestId('value-match-card').first();
  await card.waitFor({ timeout: 30_000 });
  await card.getByTestId('value-match-open').click();
  await page.waitForURL(/\/valueMatch\//);
}

/** Ticks the first ranked contact with a usable email; answers the contact's name. */
async function tickContactWithEmail(page: Page): Promise<string> {
  const row = page.getByTestId('ranked-contact').filter({ hasText: '@' }).first();
  await row.waitFor();
  const name = ((await row.locator('td').nth(1).textContent()) ?? '').trim();
  await row.getByRole('checkbox').check();
  return name;
}

describe('integrations (#21)', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('lets an admin connect HubSpot, map the value message fields and send an approved flow there', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    let flowId = '';
    try {
      await page.goto('/preferences/integrations');
      const card = page.getByTestId('integration-hubspot');
      await card.getByText('Not connected').waitFor();
      // A wrong token: HubSpot's own reason, shown on the card.
      await card.getByLabel('Private-app token', { exact: true }).fill('pat-e2e-wrong-token');
      await card.getByRole('button', { name: 'Connect', exact: true }).click();
      await card.getByText('Invalid', { exact: true }).waitFor();
      await card.getByText(/Authentication credentials not found/).waitFor();

      await card.getByRole('button', { name: 'Replace credential' }).click();
      await card.getByLabel('Private-app token', { exact: true }).fill(hubspotToken());
      await card.getByRole('button', { name: 'Connect', exact: true }).click();
      await card.getByText('Valid', { exact: true }).waitFor();
      await card.getByText('Connected account: HubSpot account 4242 (app.hubspot.com)').waitFor();
      await card.getByText('Credential ending …0001').waitFor();
      expect(await page.content()).not.toContain(hubspotToken());
      await card.getByText('Map a subject and a body to send value messages').waitFor();

      const mappings = card.getByTestId('field-mappings-hubspot');
      await mappings.getByLabel('Value message subject', { exact: true }).click();
      await page.getByRole('option', { name: 'Quarry subject' }).click();
      await mappings.getByLabel('Value message body', { exact: true }).click();
      await page.getByRole('option', { name: 'Quarry body' }).click();
      await mappings.getByRole('button', { name: 'Save mappings' }).click();
      await card.getByText('Value messaging configured').waitFor();

      await openFirstMatch(page);
      const contact = await tickContactWithEmail(page);
      const created = await startFlowFor(page, 'Create value message');
      flowId = ((await created.json()) as { id: string }).id;
      await page.getByTestId('snackbar-route').getByRole('button', { name: 'Visit' }).click();
      await page.waitForURL((url) => url.pathname === `/action/${flowId}`);
      const message = page.getByTestId('flow-message').filter({ hasText: contact });
      await message.getByTestId('flow-step-body').waitFor({ timeout: 30_000 });
      await message.getByRole('button', { name: 'Approve', exact: true }).click();
      await message.getByTestId('flow-message-status').getByText('Approved').waitFor();

      const send = page.getByTestId('flow-send');
      await send.getByRole('radio', { name: 'Engagement' }).check();
      await send.getByLabel('Tool', { exact: true }).waitFor();
      expect(await send.getByLabel('Tool', { exact: true }).inputValue()).toBe('HubSpot');
      await send.getByRole('button', { name: 'Send 1 approved' }).click();
      await message.getByTestId('flow-message-status').getByText('Delivered').waitFor({ timeout: 30_000 });
    } finally {
      if (flowId) await page.request.delete(`/api/flows/${flowId}`).catch(() => undefined);
      // Other browser tests expect Acme without a connected tool.
      await page.request.delete('/api/integrations/hubspot').catch(() => undefined);
    }
  }, 120_000);

  it('fits every tool card on a 390 px phone: whole names, whole statuses', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/preferences/integrations');
      await page.getByTestId('integration-salesloft').getByRole('heading', { name: 'Salesloft' }).waitFor();
      const cut = await page.evaluate(() =>
        [
          ...document.querySelectorAll(
            '[data-testid^="integration-"] h2, [data-testid^="integration-"] .mantine-Badge-root',
          ),
        ]
          .filter((element) => {
            // A name broken inside the word ("Outrea/ch") takes two lines; a badge cut says "NOT CONNEC…".
            const lines = new Set<number>();
            const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            for (let text = texts.nextNode(); text; text = texts.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(text);
              for (const r of range.getClientRects()) lines.add(Math.round(r.top));
            }
            const label = element.querySelector('.mantine-Badge-label') ?? element;
            return lines.size > 1 || label.scrollWidth > label.clientWidth + 1;
          })
          .map((element) => element.textContent),
      );
      expect(cut).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }, 60_000);
});
