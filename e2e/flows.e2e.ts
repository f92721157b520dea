import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { startFlowFor } from './support/start-flow.ts';
import { uniqueName } from './support/unique.ts';

/** Opens the first Value Match card's /valueMatch page; answers the account's name. */
async function openFirstMatch(page: Page): Promise<string> {
  await page.goto('/');
  const card = page.getByTestId('value-match-card').first();
  await card.waitFor({ timeout: 30_000 });
  const name = ((await card.getByTestId('value-match-account-name').textContent()) ?? '').trim();
  await card.getByTestId('value-match-open').click();
  await page.waitForURL(/\/valueMatch\//);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return name;
}

/** Ticks the first ranked contact with a usable email; answers the contact's name. */
async function tickContactWithEmail(page: Page): Promise<string> {
  const row = page.getByTestId('ranked-contact').filter({ hasText: '@' }).first();
  await row.waitFor();
  const name = ((await row.locator('td').nth(1).textContent()) ?? '').trim();
  await row.getByRole('checkbox').check();
  return name;
}

/** Presses "Create value message" and answers the id of the flow the server started. */
async function createValueMessage(page: Page): Promise<string> {
  const response = await startFlowFor(page, 'Create value message');
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const deleteFlow = (page: Page, id: string) => page.request.delete(`/api/flows/${id}`).catch(() => undefined);

describe('outreach flows', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('says how many Value Match accounts a campaign reached, when some have nobody with a target title', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    // "(20+)" while the feed has more Value Match accounts than its first page: the confirmation
    // gives the count once they are loaded.
    const start = page.getByRole('button', { name: /^Start a Value Match campaign \((\d+)\+?\)$/ });
    await start.waitFor({ timeout: 30_000 });
    await start.click();
    const dialog = page.getByRole('dialog', { name: 'Start a Value Match campaign?' });
    await dialog.waitFor({ timeout: 30_000 });
    const loaded = Number(/each of the (\d+) Value Match accounts/.exec((await dialog.textContent()) ?? '')?.[1]);
    expect(loaded).toBeGreaterThan(0);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/flows') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Start campaign' }).click(),
    ]);
    const flow = (await response.json()) as { id: string; account_count: number };
    try {
      // The demo's Value Match accounts include some where nobody holds one of Acme's target titles.
      expect(flow.account_count).toBeLessThan(loaded);
      await page
        .getByTestId('snackbar-route')
        .getByText(
          `Value Match campaign started for ${flow.account_count} of ${loaded} accounts: the others have nobody with one of your target titles`,
        )
        .waitFor();
    } finally {
      // Not deleted while its messages are being written (409): once they are.
      await expect
        .poll(
          async () => (await page.request.delete(`/api/flows/${flow.id}`, { headers: fromTheAppsPages() })).status(),
          { timeout: 60_000 },
        )
        .toBe(204);
    }
  });

  it('fits /actions to a 390 px phone: who started a flow, when, and where it went stay in sight', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    await openFirstMatch(page);
    await tickContactWithEmail(page);
    const flowId = await createValueMessage(page);
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/actions');
      const row = page.locator(`[data-testid="flow-row"][data-flow-id="${flowId}"]`);
      await row.waitFor();
      await row.getByText(/^Rita .* · /).waitFor();
      const remove = row.getByRole('button', { name: /^Delete/ });
      await remove.waitFor();
      await row.getByText('Not sent yet').waitFor();
      // Nothing to scroll sideways: the table is as wide as the screen.
      const overflow = await row.evaluate((el) => {
        const table = el.closest('table') as HTMLElement;
        return { table: table.getBoundingClientRect().right, page: document.documentElement.scrollWidth };
      });
      expect(overflow.table).toBeLessThanOrEqual(390);
      expect(await remove.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
      expect(overflow.page).toBeLessThanOrEqual(390);
    } finally {
      await deleteFlow(page, flowId);
    }
  });

  it('takes a rep from Create value message to an edited, approved message in a downloaded CSV', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const account = await openFirstMatch(page);
    const contact = await tickContactWithEmail(page);
    const flowId = await createValueMessage(page);
    try {
      // The snackbar says the flow started; the flow shows on /actions and reaches review there.
      await page
        .getByTestId('snackbar-route')
        .getByText('Value message started: its messages are being written')
        .waitFor();
      await page.goto('/actions');
      const row = page.locator(`[data-testid="flow-row"][data-flow-id="${flowId}"]`);
      await row.waitFor();
      await row.getByText(account).waitFor();
      await row.getByText(/^(Ready for review|Needs review)$/).waitFor({ timeout: 30_000 });
      await row.getByRole('link', { name: 'Value message' }).click();
      await page.waitForURL((url) => url.pathname === `/action/${flowId}`);

      const message = page.getByTestId('flow-message').filter({ hasText: contact });
      await message.getByTestId('flow-step-body').waitFor();
      // The evidence it was written from stands beside it.
      await message.getByText('Evidence').waitFor();

      const subject = uniqueName('A note for the team');
      await message.getByRole('button', { name: 'Edit' }).click();
      await message.getByRole('textbox', { name: 'Subject' }).fill(subject);
      await message.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Message saved').waitFor();
      await message.getByTestId('flow-step-subject').getByText(subject).waitFor();
      await message.getByText('Edited', { exact: true }).waitFor();

      await message.getByRole('button', { name: 'Approve', exact: true }).click();
      await message.getByTestId('flow-message-status').getByText('Approved').waitFor();

      const send = page.getByTestId('flow-send');
      expect(await send.getByRole('radio', { name: 'Engagement' }).isDisabled()).toBe(true);
      await send.getByRole('radio', { name: 'Download CSV' }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        send.getByRole('button', { name: 'Send 1 approved' }).click(),
      ]);
      const csv = fs.readFileSync(await download.path(), 'utf8');
      expect(csv.startsWith('\uFEFFAccount,Contact,Email,Title,Step 1 day,Step 1 subject,Step 1 body')).toBe(true);
      const lines = csv.split('\n');
      expect(lines.find((line) => line.includes(subject))).toContain(contact);
      // A CSV reached no prospect yet: the message reads downloaded, not delivered.
      await page.getByTestId('snackbar-general').getByText('1 message downloaded as CSV').waitFor();
      await message.getByTestId('flow-message-status').getByText('Downloaded').waitFor();
      // A sent flow cannot be written again: Retry is disabled and says why, so the record that the
      // message went out is never erased.
      const retry = page.getByTestId('retry-unavailable');
      await retry.getByText(/already sent, so it cannot be written again/).waitFor();
      expect(await retry.getByRole('button', { name: 'Retry' }).isDisabled()).toBe(true);

      await page.goto('/actions');
      await row.getByText('Completed', { exact: true }).waitFor();
    } finally {
      await deleteFlow(page, flowId);
    }
  }, 120_000);

  it('lets an admin set an organization rule that the built-in composer visibly follows', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    const before = (await (await page.request.get('/api/email-preferences')).json()) as {
      organization: { rules: string[]; example_emails: string[] };
    };
    const signOff = uniqueName('Kind regards from Acme');
    let flowId = '';
    try {
      await page.goto('/preferences/email');
      await page.getByRole('tab', { name: 'Organization' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Organization' });
      await panel.getByRole('button', { name: 'Add rule' }).click();
      const rules = panel.getByRole('textbox', { name: /^Rule \d+$/ });
      await rules.last().fill(`Sign off with "${signOff}"`);
      await panel.getByRole('button', { name: 'Save' }).click();
      await page.getByText('AI email preferences saved').waitFor();

      await openFirstMatch(page);
      const contact = await tickContactWithEmail(page);
      flowId = await createValueMessage(page);
      await page.getByTestId('snackbar-route').getByRole('button', { name: 'Visit' }).click();
      await page.waitForURL((url) => url.pathname === `/action/${flowId}`);
      const body = page.getByTestId('flow-message').filter({ hasText: contact }).getByTestId('flow-step-body');
      await body.waitFor({ timeout: 30_000 });
      expect(await body.textContent()).toContain(signOff);
    } finally {
      await page.request.put('/api/email-preferences/organization', { data: before.organization });
      if (flowId) await deleteFlow(page, flowId);
    }
  }, 120_000);

  it('starts a Quick Prospect from the ticked contacts of a contact list', async () => {
    const { page } = b;
    await openSignedIn(page, 'raj@acme.test');
    const workspace = (await (
      await page.request.post('/api/workspaces', { data: { name: uniqueName('Prospects'), shared_users: [] } })
    ).json()) as { id: string };
    let flowId = '';
    try {
      const list = (await (
        await page.request.post(`/api/workspaces/${workspace.id}/lists`, {
          data: { name: uniqueName('Call list'), type: 'contacts' },
        })
      ).json()) as { id: string };
      const feed = (await (await page.request.get('/api/value-matches?tier=tier_1&limit=1')).json()) as {
        items: { master_account_id: string }[];
      };
      const match = (await (
        await page.request.get(`/api/value-matches/${feed.items[0]?.master_account_id}`)
      ).json()) as {
        contacts: { id: string; first_name: string; last_name: string; email_usable: boolean }[];
      };
      const contact = match.contacts.find((c) => c.email_usable) ?? match.contacts[0];
      expect(contact).toBeTruthy();
      const added = await page.request.post(`/api/lists/${list.id}/members`, { data: { ids: [contact?.id] } });
      expect(added.status()).toBe(200);

      await page.goto(`/lists/${list.id}`);
      const name = `${contact?.first_name} ${contact?.last_name}`;
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
      const response = await startFlowFor(page, 'Quick Prospect');
      expect(response.status()).toBe(201);
      flowId = ((await response.json()) as { id: string }).id;
      await page.getByTestId('snackbar-route').getByRole('button', { name: 'Visit' }).click();
      await page.waitForURL((url) => url.pathname === `/action/${flowId}`);
      const message = page.getByTestId('flow-message').filter({ hasText: name });
      // A Quick Prospect is three steps: first touch, follow-up and break-up.
      await message.getByTestId('flow-step-body').nth(2).waitFor({ timeout: 30_000 });
      expect(await message.getByTestId('flow-step-body').count()).toBe(3);
    } finally {
      if (flowId) await deleteFlow(page, flowId);
      await page.request.delete(`/api/workspaces/${workspace.id}`);
    }
  }, 120_000);
});
