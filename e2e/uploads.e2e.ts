import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { deleteOwnedWorkspaces, removeAddedToTerritory, territoryIds } from './support/cleanup.ts';
import { inviteAndJoin } from './support/invite.ts';
import { uniqueName } from './support/unique.ts';

/** A domain no attempt used before, and the account name Quarry gives it. */
function newDomain(label: string): { domain: string; name: string } {
  const suffix = uniqueName('').trim();
  return {
    domain: `${label}-${suffix}.com`,
    name: `${label.replace(/-/g, ' ')} ${suffix}`.replace(/\b\w/g, (c) => c.toUpperCase()),
  };
}

/** Waits for the upload shown on the page to finish, and checks it completed. */
async function waitForCompleted(page: Page): Promise<void> {
  const panel = page.getByTestId('upload-progress');
  await panel.waitFor();
  await expect.poll(async () => panel.getAttribute('data-status'), { timeout: 60_000 }).toMatch(/^(COMPLETED|FAILED)$/);
  expect(await panel.getAttribute('data-status')).toBe('COMPLETED');
}

/** Downloads the failures CSV of the upload on the page. */
async function downloadFailures(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download failures (CSV)' }).click(),
  ]);
  return fs.readFileSync(await download.path(), 'utf8');
}

describe('Add Accounts by upload', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('lets a rep upload a CSV file into their own My Accounts and download the failing lines', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const before = await territoryIds(page);
    const fresh = newDomain('trade-show');
    try {
      await page.goto('/upload');
      await page.getByRole('heading', { name: 'Add Accounts', level: 1 }).waitFor();
      const csv = `Company,Website,Notes\nWalmart,https://www.walmart.com/about,met at booth\nNew one,${fresh.domain},\nTypo,not a website,\n`;
      await page.locator('input[type="file"]').setInputFiles({
        name: 'trade-show.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByTestId('upload-file').getByText('trade-show.csv: 3 lines').waitFor();
      await page.getByTestId('upload-submit').click();

      await waitForCompleted(page);
      const panel = page.getByTestId('upload-progress');
      await panel.getByTestId('upload-counted').getByText('3 of 3 lines').waitFor();
      // Walmart may be in Rita's My Accounts already: added or already there, both count as success.
      const added = Number(await panel.getByTestId('upload-added').textContent());
      const already = Number(await panel.getByTestId('upload-already').textContent());
      expect(added + already).toBe(2);
      expect(await panel.getByTestId('upload-created').textContent()).toBe('1');
      expect(await panel.getByTestId('upload-failures').textContent()).toBe('1');
      // The line that added nothing is listed with its reason, not only counted.
      await panel
        .getByTestId('upload-failure-lines')
        .getByRole('row', { name: '4 not a website Not a website or domain' })
        .waitFor();

      const failures = await downloadFailures(page);
      expect(failures.startsWith('\uFEFFLine,Value,Reason code,Same as line,Why')).toBe(true);
      expect(failures).toContain('4,not a website,not_a_domain,');

      // The history lists it, and My Accounts holds the new account.
      await page.getByTestId('upload-row').filter({ hasText: 'trade-show.csv' }).first().waitFor();
      await panel.getByRole('link', { name: 'Open My Accounts' }).click();
      await page.waitForURL('**/MyTerritory');
      expect((await territoryIds(page)).length).toBe(before.length + added);
    } finally {
      await removeAddedToTerritory(page, before);
    }
  }, 120_000);

  it('lets an admin paste domains into an account list, watch it complete and open the list', async () => {
    const { page } = b;
    const names = { workspace: uniqueName('Upload territory plan'), list: uniqueName('Uploaded prospects') };
    const fresh = newDomain('crm-plan');
    // An internationalised domain is kept in its ASCII form and shown as typed.
    const idn = `bäckerei-${uniqueName('').trim()}.de`;
    await openSignedIn(page, 'ada@acme.test');
    try {
      const listId = await page.evaluate(async (names) => {
        const post = async (url: string, body: unknown) =>
          (await (
            await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).json()) as { id: string };
        const workspace = await post('/api/workspaces', { name: names.workspace });
        return (await post(`/api/workspaces/${workspace.id}/lists`, { name: names.list, type: 'accounts' })).id;
      }, names);

      await page.goto('/upload');
      await page
        .getByRole('textbox', { name: 'Lines' })
        .fill(`WALMART.COM\n\n${fresh.domain}\nwalmart.com.\n=cmd|' /C calc'!A0\n${idn}\n`);
      await page.getByTestId('upload-line-count').getByText('5 / 100,000 lines').waitFor();
      await page.getByRole('radio', { name: 'An account list' }).check();
      await page.getByRole('combobox', { name: 'Account list' }).click();
      await page.getByRole('option', { name: new RegExp(names.list) }).click();
      await page.getByTestId('upload-submit').click();

      await waitForCompleted(page);
      const panel = page.getByTestId('upload-progress');
      expect(await panel.getByTestId('upload-added').textContent()).toBe('3');
      expect(await panel.getByTestId('upload-failures').textContent()).toBe('2');
      // Pasted lines have a title of their own ("Upload of Pasted lines" had kept the capital).
      await panel.getByRole('heading', { name: 'Upload of pasted lines' }).waitFor();
      // On a phone every status says its whole word, beside the title and in the history's table
      // (they had read "COMP…").
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        await page.getByTestId('upload-history').getByTestId('upload-status').first().waitFor();
        const cut = () =>
          page.evaluate(() =>
            [...document.querySelectorAll('[data-testid="upload-status"]')]
              .map((badge) => badge.querySelector('.mantine-Badge-label') ?? badge)
              .filter((label) => label.scrollWidth > label.clientWidth + 1)
              .map((label) => label.textContent),
          );
        expect(await cut()).toEqual([]);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // The form, the finished upload and the history, with no serious accessibility problem.
      expect(await seriousViolations(page)).toEqual([]);
      const failures = await downloadFailures(page);
      expect(failures).toContain('4,walmart.com.,duplicate,1');
      // The formula line stays text in the spreadsheet: a leading quote.
      expect(failures).toContain(`5,'=cmd|' /C calc'!A0,not_a_domain,`);

      await panel.getByRole('link', { name: new RegExp(`Open the list: ${names.list}`) }).click();
      await page.waitForURL(`**/lists/${listId}`);
      await page.getByTestId('list-members').getByRole('link', { name: 'Walmart' }).waitFor();
      await page.getByTestId('list-members').getByRole('link', { name: fresh.name }).waitFor();
      await page.getByTestId('list-members').getByRole('cell', { name: idn, exact: true }).waitFor();
    } finally {
      await deleteOwnedWorkspaces(page, [names.workspace]);
    }
  }, 120_000);

  it('lets a new member with no list make one from the page and upload into it', async () => {
    const { page, context } = b;
    await inviteAndJoin(page, context, 'a-long-password');
    await page.waitForURL((url) => url.pathname === '/');
    const list = uniqueName('First uploaded list');
    const fresh = newDomain('first-list');
    try {
      await page.goto('/upload');
      await page.getByRole('textbox', { name: 'Lines' }).fill(`${fresh.domain}\n`);
      await page.getByRole('radio', { name: 'An account list' }).check();
      await page.getByText('You have no account list yet.').waitFor();
      expect(await page.getByTestId('upload-submit').isDisabled()).toBe(true);
      // In the dark theme the disabled button keeps an outline: filled with the card's own colour
      // and borderless, it had shown as a faint word only.
      await page.emulateMedia({ colorScheme: 'dark' });
      try {
        await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
        const outline = await page.getByTestId('upload-submit').evaluate((button) => {
          const style = getComputedStyle(button);
          return { border: style.borderTopColor, fill: style.backgroundColor };
        });
        expect(outline.border).not.toBe('rgba(0, 0, 0, 0)');
        expect(outline.border).not.toBe(outline.fill);
      } finally {
        await page.emulateMedia({ colorScheme: null });
      }

      await page.getByRole('button', { name: 'New list…' }).click();
      const dialog = page.getByRole('dialog', { name: 'New account list' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(list);
      await dialog.getByRole('button', { name: 'Create list' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The new list, in the workspace made for it, is the destination.
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Account list' }).inputValue())
        .toBe(`My lists / ${list}`);
      await page.getByTestId('upload-submit').click();

      await waitForCompleted(page);
      const panel = page.getByTestId('upload-progress');
      expect(await panel.getByTestId('upload-added').textContent()).toBe('1');
      await panel.getByRole('link', { name: new RegExp(`Open the list: ${list}`) }).click();
      await page.getByTestId('list-members').getByRole('link', { name: fresh.name }).waitFor();
    } finally {
      await deleteOwnedWorkspaces(page, ['My lists']);
    }
  }, 120_000);
});
