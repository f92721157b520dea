import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages, removeAddedToTerritory, territoryIds } from './support/cleanup.ts';
import { openHome } from './support/home.ts';
import { uniqueName } from './support/unique.ts';

/** The feed's card for one account. */
const cardOf = (page: Page, id: string): Locator =>
  page.locator(`[data-testid="value-match-card"][data-account-id="${id}"]`);

async function accountOf(card: Locator): Promise<{ id: string; name: string }> {
  const id = (await card.getAttribute('data-account-id')) ?? '';
  const name = ((await card.getByTestId('value-match-account-name').textContent()) ?? '').trim();
  expect(id).not.toBe('');
  return { id, name };
}

type TrackedEvent = { event: string; properties: Record<string, unknown> };

/** Every event the page sends to /AnalyticsRelay from now on, whichever flush carries it. */
function recordAnalytics(page: Page): TrackedEvent[] {
  const events: TrackedEvent[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/AnalyticsRelay') && r.method() === 'POST') {
      events.push(...(r.postDataJSON() as { events: TrackedEvent[] }).events);
    }
  });
  return events;
}

/** Sends what the analytics queue holds now, as hiding the tab does, instead of after its timer. */
async function flushAnalytics(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('value match actions', () => {
  // Menus open without animation, as for a reader who asks for reduced motion: on a busy machine a
  // click on a list in the Add to list menu once landed while the menu was still moving in.
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('shares a card from the keyboard: the absolute /valueMatch link is on the clipboard', async () => {
    const { page, context } = b;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    const events = recordAnalytics(page);
    await openHome(page, 'rita@acme.test');
    const card = page.getByTestId('value-match-card').nth(1);
    const { id, name } = await accountOf(card);
    await card.getByRole('button', { name: `Copy the link to ${name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('snackbar-general').getByText('Link copied to the clipboard').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseURL()}/valueMatch/${id}`);
    await flushAnalytics(page);
    await expect
      .poll(() => events.find((e) => e.event === 'Value Match shared')?.properties)
      .toMatchObject({
        master_account_id: id,
        copied: true,
      });
  });

  it('shows the link to copy by hand when the browser refuses the clipboard', async () => {
    const { page, context } = b;
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Write permission denied', 'NotAllowedError')) },
        configurable: true,
      });
    });
    await openHome(page, 'rita@acme.test');
    const card = page.getByTestId('value-match-card').first();
    const { id, name } = await accountOf(card);
    await card.getByRole('button', { name: `Copy the link to ${name}` }).click();
    await page
      .getByTestId('snackbar-general')
      .getByText(`Could not copy the link. Copy it from here: ${baseURL()}/valueMatch/${id}`)
      .waitFor();
  });

  it('assigns an account to me, then removes it from the menu after a confirmation that Cancel can refuse', async () => {
    const { page } = b;
    const events = recordAnalytics(page);
    await openHome(page, 'rita@acme.test');
    // A card other browser tests do not act on: the third Value Alignment.
    await page.getByRole('combobox', { name: 'Tier', exact: true }).click();
    await page.getByRole('option', { name: 'Value Alignment', exact: true }).click();
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('[data-testid="value-match-card"]')];
      return cards.length > 2 && cards.every((c) => c.getAttribute('data-tier') === 'tier_2');
    });
    const { id, name } = await accountOf(page.getByTestId('value-match-card').nth(2));
    const card = cardOf(page, id);
    // Stopped half-way, the test would leave the account in Rita's accounts, and a retry would find it held.
    const territoryBefore = await territoryIds(page);
    try {
      await card.getByRole('button', { name: `Assign ${name}` }).click();
      // Rita is a user: she may assign to herself only (read once the menu is open).
      await page.getByRole('menuitem').first().waitFor();
      expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Assign to me']);
      await page.getByRole('menuitem', { name: 'Assign to me' }).click();
      await page.getByTestId('snackbar-general').getByText(`Added ${name} to your accounts`).waitFor();
      await card.getByTestId('value-match-held-by').getByText('In your accounts', { exact: true }).waitFor();

      // Opened again: she holds it, so her item offers removal; Cancel keeps the assignment.
      await card.getByRole('button', { name: `Assign ${name}` }).click();
      const toMe = page.getByRole('menuitem', { name: /Assign to me/ });
      expect(await toMe.getAttribute('data-held')).toBe('true');
      expect(await toMe.textContent()).toContain('Remove');
      await toMe.click();
      const dialog = page.getByRole('dialog', { name: `Remove ${name} from your accounts?` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByTestId('value-match-held-by').getByText('In your accounts', { exact: true }).waitFor();

      await page.getByRole('switch', { name: 'My accounts only' }).check();
      await page.waitForFunction((accountId) => {
        const cards = [...document.querySelectorAll('[data-testid="value-match-card"]')];
        return cards.length > 0 && cards.some((c) => c.getAttribute('data-account-id') === accountId);
      }, id);
      const territory = () =>
        page.evaluate(async () => {
          const body = (await (await fetch('/api/territory')).json()) as { rows: { master_account_id: string }[] };
          return body.rows.map((r) => r.master_account_id);
        });
      expect(await territory()).toContain(id);

      // Confirming removes it: the card leaves the "my accounts only" feed and My Accounts.
      await card.getByRole('button', { name: `Assign ${name}` }).click();
      await page.getByRole('menuitem', { name: /Assign to me/ }).click();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await page.getByTestId('snackbar-general').getByText(`Removed ${name} from your accounts`).waitFor();
      await card.waitFor({ state: 'detached' });

      await flushAnalytics(page);
      const assigned = () => events.filter((e) => e.event === 'Value Match account assigned');
      // The assignment sends its event; the removal sends none (the spec names no unassign event).
      await expect.poll(() => assigned().length).toBe(1);
      expect(assigned().map((e) => e.properties)).toEqual([
        expect.objectContaining({ master_account_id: id, assignee_uid: expect.any(String), added: true }),
      ]);

      expect(await territory()).not.toContain(id);
    } finally {
      await removeAddedToTerritory(page, territoryBefore);
    }
  });

  it("lets a manager assign an account to a colleague's accounts from the menu, and remove it again", async () => {
    const { page } = b;
    // Raj's My Accounts is only checked for what it contains, never for being empty or exact.
    await openHome(page, 'mike@acme.test');
    const { id, name } = await accountOf(page.getByTestId('value-match-card').nth(3));
    const card = cardOf(page, id);
    // Stopped half-way, the test would leave the account with Raj, and a retry would find him holding it.
    const users = (await (await page.request.get('/api/users')).json()) as { users: { uid: string; email: string }[] };
    const rajUid = users.users.find((u) => u.email === 'raj@acme.test')?.uid ?? '';
    const detail = (await (await page.request.get(`/api/value-matches/${id}`)).json()) as {
      held_by: { uid: string }[];
    };
    const rajHeldBefore = detail.held_by.some((holder) => holder.uid === rajUid);
    try {
      await card.getByRole('button', { name: `Assign ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Raj Patel' }).click();
      await page.getByTestId('snackbar-general').getByText(`Added ${name} to Raj Patel's accounts`).waitFor();
      await card
        .getByTestId('value-match-held-by')
        .getByText(/Raj Patel/)
        .waitFor();

      // Opened again: Raj has the check mark; the service account (admin@acme.test) is never offered.
      await card.getByRole('button', { name: `Assign ${name}` }).click();
      const raj = page.getByRole('menuitem', { name: 'Raj Patel' });
      await raj.getByTestId('assign-held-mark').waitFor();
      expect(await raj.getAttribute('data-held')).toBe('true');
      const offered = await page.getByRole('menuitem').allTextContents();
      expect(offered).toContain('Rita Rep');
      expect(offered.some((text) => /service account/i.test(text))).toBe(false);
      expect(await page.getByRole('menuitem', { name: 'Rita Rep' }).getAttribute('data-held')).toBe('false');

      // Clicking the check-marked holder asks first. A failed removal says so and keeps Raj as holder.
      const removeRaj = page.getByRole('dialog', { name: `Remove ${name} from Raj Patel's accounts?` });
      await page.route('**/assignment/*', (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } })
          : route.continue(),
      );
      await raj.click();
      await removeRaj.getByRole('button', { name: 'Remove' }).click();
      await page
        .getByTestId('snackbar-general')
        .getByText('Could not remove the assignment, please try again')
        .waitFor();
      expect(await card.getByTestId('value-match-held-by').textContent()).toContain('Raj Patel');
      await page.unrouteAll();

      // Confirmed again with the server answering: Raj's assignment is gone.
      await card.getByRole('button', { name: `Assign ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Raj Patel' }).click();
      await removeRaj.getByRole('button', { name: 'Remove' }).click();
      await page.getByTestId('snackbar-general').getByText(`Removed ${name} from Raj Patel's accounts`).waitFor();
      await expect.poll(async () => (await card.textContent()) ?? '').not.toContain('Raj Patel');
    } finally {
      await page.unrouteAll();
      if (rajUid && !rajHeldBefore) {
        await page.request.delete(`/api/value-matches/${id}/assignment/${rajUid}`, { headers: fromTheAppsPages() });
      }
    }
  });

  it('adds the account and a ranked contact to lists from /valueMatch, then opens the account page', async () => {
    const { page } = b;
    // Rita's "Add to list" menus name every list of hers: names unique to the attempt.
    const names = {
      workspace: uniqueName('Value Match picks'),
      accounts: uniqueName('Matched accounts'),
      people: uniqueName('Matched people'),
    };
    await openSignedIn(page, 'rita@acme.test');
    const lists = await page.evaluate(async (names) => {
      const post = async (url: string, body: unknown) =>
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { id: string };
      const workspace = await post('/api/workspaces', { name: names.workspace });
      const accounts = await post(`/api/workspaces/${workspace.id}/lists`, {
        name: names.accounts,
        type: 'accounts',
      });
      const people = await post(`/api/workspaces/${workspace.id}/lists`, { name: names.people, type: 'contacts' });
      return { accounts: accounts.id, people: people.id };
    }, names);
    await page.goto('/');
    await page.getByTestId('value-match-card').first().waitFor({ timeout: 30_000 });
    const { name } = await accountOf(page.getByTestId('value-match-card').first());
    await page.getByTestId('value-match-card').first().getByTestId('value-match-open').click();
    await page.waitForURL(/\/valueMatch\//);
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Add to list' }).first().click();
    await page.getByRole('menuitem', { name: names.accounts }).click();
    await page.getByTestId('snackbar-route').getByText(`1 account added to "${names.accounts}"`).waitFor();

    await page.getByTestId('ranked-contact').first().getByRole('checkbox').check();
    await page.getByText('1 selected').waitFor();
    await page.getByRole('button', { name: 'Add to list' }).nth(1).click();
    await page.getByRole('menuitem', { name: names.people }).click();
    await page.getByTestId('snackbar-route').getByText(`1 contact added to "${names.people}"`).waitFor();

    await page.getByRole('link', { name: 'Open account page' }).click();
    await page.waitForURL(/\/accounts\//);
    await page.goto(`/lists/${lists.accounts}`);
    await page.getByTestId('list-members').getByRole('link', { name, exact: true }).waitFor();
    await page.goto(`/lists/${lists.people}`);
    await expect.poll(() => page.getByTestId('list-members').getByRole('row').count()).toBe(2);
  });
});
