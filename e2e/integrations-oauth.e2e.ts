import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { hubspotURL, outreachAccountName, outreachURL, salesloftAccountName, salesloftURL } from './support/vendors.ts';

/**
 * Issue #21: an admin connects Outreach with OAuth. Connect opens Outreach's consent page (a
 * local Outreach speaking its documented authorization-code protocol) in a new window; while it
 * is open the card says Pending and the page asks about the connection every 3 s; allowing turns
 * the card Valid with the Outreach user's name, denying leaves it Invalid with Outreach's reason.
 */

/** Outreach's card: OAuth only, so its one button is Connect. */
const outreach = () => ({ type: 'outreach', button: 'Connect', url: outreachURL() });
/** Salesloft's card: "Connect with OAuth" beside its API key field, its consent page on the fake Salesloft. */
const salesloft = () => ({ type: 'salesloft', button: 'Connect with OAuth', url: salesloftURL() });

const isIntegrationsList = (url: string) => new URL(url).pathname === '/api/integrations';

/**
 * Presses the card's OAuth button (Outreach: Connect; HubSpot: Connect with OAuth, beside its
 * token field); answers the card and the consent window once the tool shows it.
 */
async function openConsent(page: Page, tool = outreach()): Promise<{ card: Locator; consent: Page }> {
  const card = page.getByTestId(`integration-${tool.type}`);
  await card.getByText('Not connected', { exact: true }).waitFor();
  const [consent] = await Promise.all([
    page.context().waitForEvent('page'),
    card.getByRole('button', { name: tool.button, exact: true }).click(),
  ]);
  await consent.waitForURL((url) => url.href.startsWith(`${tool.url}/oauth/authorize?`));
  await consent.getByRole('heading', { name: 'Authorize Quarry' }).waitFor();
  // While the person reads the consent page, Quarry holds the connection as Pending.
  await card.getByText('Pending', { exact: true }).waitFor();
  return { card, consent };
}

/** The person answers the tool's consent page; the window lands back on Quarry and closes itself. */
async function answer(consent: Page, decision: 'Authorize' | 'Deny'): Promise<void> {
  await Promise.all([
    consent.waitForEvent('close'),
    consent.getByRole('button', { name: decision, exact: true }).click(),
  ]);
}

describe('connecting Outreach with OAuth (#21)', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('allowing in Outreach’s window turns the card Valid with the Outreach user’s name, found by polling every 3 s', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test', '/preferences/integrations');
    try {
      const { card, consent } = await openConsent(page);
      // Left open, the consent keeps the page asking: each ask at least 3 s after the one before
      // (times as the browser took them), with the card still Pending.
      const asks: Request[] = [];
      page.on('request', (r) => {
        if (r.method() === 'GET' && isIntegrationsList(r.url())) asks.push(r);
      });
      await expect.poll(() => asks.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      const started: number[] = [];
      for (const ask of asks.slice(0, 2)) {
        await ask.response();
        started.push(ask.timing().startTime);
      }
      expect((started[1] ?? 0) - (started[0] ?? 0)).toBeGreaterThanOrEqual(2900);
      await card.getByText('Pending', { exact: true }).waitFor();

      await answer(consent, 'Authorize');
      await card.getByText('Valid', { exact: true }).waitFor();
      await card.getByText(`Connected account: ${outreachAccountName()}`).waitFor();
      await card.getByText('Connected with OAuth').waitFor();
      // No token reaches the page: the card speaks of OAuth, never of a token's characters.
      expect(await page.content()).not.toMatch(/ora_|orr_/);
    } finally {
      // Other browser tests expect Acme without a connected tool.
      await page.request.delete('/api/integrations/outreach').catch(() => undefined);
    }
  }, 90_000);

  it('HubSpot offers OAuth beside its token: allowing turns the card Valid with the portal', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test', '/preferences/integrations');
    try {
      const { card, consent } = await openConsent(page, {
        type: 'hubspot',
        button: 'Connect with OAuth',
        url: hubspotURL(),
      });
      await answer(consent, 'Authorize');
      await card.getByText('Valid', { exact: true }).waitFor();
      await card.getByText('Connected account: HubSpot account 4242 (app.hubspot.com)').waitFor();
      await card.getByText('Connected with OAuth').waitFor();
    } finally {
      await page.request.delete('/api/integrations/hubspot').catch(() => undefined);
    }
  }, 90_000);

  it('Salesloft offers OAuth beside its API key: allowing turns the card Valid with the Salesloft user’s name', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test', '/preferences/integrations');
    try {
      const { card, consent } = await openConsent(page, salesloft());
      await answer(consent, 'Authorize');
      await card.getByText('Valid', { exact: true }).waitFor();
      await card.getByText(`Connected account: ${salesloftAccountName()}`).waitFor();
      await card.getByText('Connected with OAuth').waitFor();
      // Salesloft's tokens (sl-oauth-…) never reach the page.
      expect(await page.content()).not.toMatch(/sl-oauth-/);

      // Disconnecting asks first: cancelled, the connection stays; confirmed, the card is back to Not connected.
      await card.getByRole('button', { name: 'Disconnect', exact: true }).click();
      let dialog = page.getByRole('dialog', { name: 'Disconnect Salesloft?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByText('Valid', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Disconnect', exact: true }).click();
      dialog = page.getByRole('dialog', { name: 'Disconnect Salesloft?' });
      await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await card.getByText('Not connected', { exact: true }).waitFor();
    } finally {
      await page.request.delete('/api/integrations/salesloft').catch(() => undefined);
    }
  }, 90_000);

  it.each(['Outreach', 'Salesloft'] as const)(
    'denying in %s’s window leaves the card Invalid with the tool’s reason',
    async (name) => {
      const { page } = b;
      const tool = name === 'Outreach' ? outreach() : salesloft();
      await openSignedIn(page, 'ada@acme.test', '/preferences/integrations');
      try {
        const { card, consent } = await openConsent(page, tool);
        await answer(consent, 'Deny');
        await card.getByText('Invalid', { exact: true }).waitFor();
        await card.getByText('The user denied access to Quarry').waitFor();
        expect(await card.getByText(/Connected account/).count()).toBe(0);
      } finally {
        await page.request.delete(`/api/integrations/${tool.type}`).catch(() => undefined);
      }
    },
    90_000,
  );
});
