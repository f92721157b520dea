import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { uniqueName } from './support/unique.ts';

/** Opens Walmart's comments; answers Walmart's account id. */
async function openComments(page: Page): Promise<string> {
  const search = (await (await page.request.get('/api/accounts/search?q=walmart')).json()) as {
    hits: { master_account_id: string; account_name: string }[];
  };
  const walmart = search.hits.find((h) => h.account_name === 'Walmart');
  if (!walmart) throw new Error('the demo data has no Walmart');
  await page.goto(`/accounts/${walmart.master_account_id}`);
  await page.getByRole('tab', { name: 'Comments' }).click();
  return walmart.master_account_id;
}

describe('comments', () => {
  const b = useBrowser();

  it('shows links as links (http and https only), and lets only the author edit and delete', async () => {
    const { page } = b;
    const marker = uniqueName('Deck');
    await openSignedIn(page, 'rita@acme.test');
    await openComments(page);
    await page
      .getByLabel('Add a comment for your colleagues')
      .fill(`${marker}: https://acme.example/deck?id=7. Not a link: javascript:alert(1)`);
    await page.getByRole('button', { name: 'Post comment' }).click();
    const mine = page.getByTestId('comment').filter({ hasText: marker });
    const link = mine.getByRole('link', { name: 'https://acme.example/deck?id=7' });
    await link.waitFor();
    // Posted, the box is empty and keeps the focus, ready for the next note.
    await expect
      .poll(() => page.getByLabel('Add a comment for your colleagues').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await link.getAttribute('href')).toBe('https://acme.example/deck?id=7');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await mine.getByRole('link').count()).toBe(1);

    // A colleague reads it without Edit or Delete.
    const raj = await b.newContext('raj');
    const rajPage = await raj.newPage();
    await openSignedIn(rajPage, 'raj@acme.test');
    await openComments(rajPage);
    const seen = rajPage.getByTestId('comment').filter({ hasText: marker });
    await seen.waitFor();
    expect(await seen.getByRole('button').count()).toBe(0);

    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine.getByLabel('Your comment').fill(`${marker}: moved to Tuesday`);
    await mine.getByRole('button', { name: 'Save' }).click();
    const edited = page.getByTestId('comment').filter({ hasText: `${marker}: moved to Tuesday` });
    await edited.getByText('edited', { exact: false }).waitFor();
    // Saved, the edit ends where it began: on Edit (it had fallen to the Delete beside it).
    await expect
      .poll(() => edited.getByRole('button', { name: 'Edit' }).evaluate((el) => el === document.activeElement))
      .toBe(true);

    await edited.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('snackbar-general').getByText('Comment deleted').waitFor();
    await page.getByTestId('comment').filter({ hasText: marker }).waitFor({ state: 'detached' });
  });

  it('asks before leaving a half-written comment, and keeps it when the writer stays', async () => {
    const { page } = b;
    const draft = uniqueName('Half a thought');
    await openSignedIn(page, 'rita@acme.test');
    await openComments(page);
    const box = page.getByLabel('Add a comment for your colleagues');
    await box.fill(draft);
    const accountPage = page.url();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Accounts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(accountPage);
    expect(await box.inputValue()).toBe(draft);
    // Leaving on purpose goes; an empty box never asks.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Accounts' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/myterritory');
    await openComments(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Accounts' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/myterritory');
  });

  it('answers a finger anywhere 44 px around a comment’s small Edit and Delete on a touch phone', async () => {
    const phone = await b.newContext('the phone', 'phone');
    const marker = uniqueName('Touch');
    const page = await phone.newPage();
    await openSignedIn(page, 'rita@acme.test');
    const account = await openComments(page);
    await page.getByLabel('Add a comment for your colleagues').fill(marker);
    await page.getByRole('button', { name: 'Post comment' }).tap();
    const mine = page.getByTestId('comment').filter({ hasText: marker });
    try {
      const edit = mine.getByRole('button', { name: 'Edit' });
      await edit.waitFor();
      // In sight with room above it, as a person scrolls to it before tapping.
      await edit.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const box = await edit.boundingBox();
      if (!box) throw new Error('Edit is not laid out');
      // Drawn small (22 px tall), it still takes a tap 20 px above its middle, within 44 px.
      expect(box.height).toBeLessThan(30);
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 - 20 };
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
        at,
      );
      expect(hit).toBe('Edit');
      await page.touchscreen.tap(at.x, at.y);
      await mine.getByLabel('Your comment').waitFor();
    } finally {
      const listed = await page.request.get(`/api/accounts/${account}/comments`);
      const { comments } = (await listed.json()) as { comments: { id: string; text: string }[] };
      for (const c of comments.filter((c) => c.text === marker)) {
        await page.request.delete(`/api/accounts/${account}/comments/${c.id}`, { headers: fromTheAppsPages() });
      }
    }
  });
});
