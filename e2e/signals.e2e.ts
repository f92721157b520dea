import { describe, expect, it } from 'vitest';
import { openSignedIn, signalFixturesURL, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { uniqueName } from './support/unique.ts';

/**
 * Issue #18: an admin adds a news feed under Organization Settings → Signal sources, has Quarry
 * read it, sees the source's health, and finds its story on the account it names, credited to it.
 */
describe('signal sources', () => {
  const b = useBrowser();

  it('an admin adds a feed and sees its item on the account page after a sweep', async () => {
    const { page } = b;
    await openSignedIn(page, 'ada@acme.test');
    const name = uniqueName('Example Wire');
    // A URL of its own per attempt: a retry adds a new source rather than meeting the old one.
    const url = `${signalFixturesURL()}/feeds/wire.atom?attempt=${encodeURIComponent(name)}`;
    let sourceId: string | null = null;
    try {
      await page.goto('/settings?category=signalSources');
      await page.getByRole('heading', { name: 'Signal sources', level: 2 }).waitFor();
      const form = page.getByRole('form', { name: 'Add a source' });
      await form.getByLabel('URL').fill(url);
      await form.getByLabel('Name (optional)').fill(name);
      await form.getByRole('button', { name: 'Add source' }).click();
      await page
        .getByTestId('snackbar-general')
        .getByText(/^Source added/)
        .waitFor();
      const row = page.getByTestId('signal-source-row').filter({ hasText: name });
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain('Never');

      await page.getByRole('button', { name: 'Read all sources now' }).click();
      await page.getByTestId('snackbar-general').getByText('Sources will be read in a moment.').waitFor();
      // A person reloads until the source shows its first fetch.
      await expect
        .poll(
          async () => {
            await page.reload();
            await row.waitFor();
            return row.textContent();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toMatch(/Items found: [1-9]/);
      await expect.poll(() => row.getByText('Active').isVisible()).toBe(true);
      const list = (await (await page.request.get('/api/signal-sources')).json()) as {
        sources: { id: string; name: string; last_error: string | null }[];
      };
      const source = list.sources.find((s) => s.name === name);
      sourceId = source?.id ?? null;
      expect(source?.last_error).toBeNull();

      // The wire story names Exxon Mobil: it is on that account's page, credited to the feed.
      await page.goto('/accounts/acc_exxonmobil_com');
      const story = page.getByText('Exxon Mobil expands Permian drilling programme');
      await story.first().waitFor({ timeout: 30_000 });
      await page
        .getByText(new RegExp(name.split(' ').at(-1) as string))
        .first()
        .waitFor();
    } finally {
      if (sourceId) {
        await page.request.delete(`/api/signal-sources/${sourceId}`, { headers: fromTheAppsPages() });
      }
    }
  });

  it('stacks the Add a source fields on a 390 px phone, the whole kind readable', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'ada@acme.test', '/settings?category=signalSources');
    const form = page.getByRole('form', { name: 'Add a source' });
    const kind = form.getByRole('combobox', { name: 'Kind' });
    await kind.waitFor();
    const url = form.getByRole('textbox', { name: 'URL' });
    const kindBox = await kind.boundingBox();
    const urlBox = await url.boundingBox();
    // One under the other, each as wide as the form.
    expect(kindBox && urlBox && urlBox.y >= kindBox.y + kindBox.height).toBe(true);
    expect(await kind.inputValue()).toBe('News feed (RSS or Atom)');
    expect(await kind.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const name = form.getByRole('textbox', { name: 'Name' });
    const nameBox = await name.boundingBox();
    expect(nameBox && urlBox && nameBox.y >= urlBox.y + urlBox.height).toBe(true);
  });
  it('shows each source as a card on a 390 px phone: its health and its Pause and Delete in sight, no sideways scroll', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'ada@acme.test');
    const name = uniqueName('Phone Wire');
    const added = await page.request.post('/api/signal-sources', {
      headers: fromTheAppsPages(),
      data: {
        kind: 'feed',
        name,
        url: `${signalFixturesURL()}/feeds/wire.atom?attempt=${encodeURIComponent(name)}`,
      },
    });
    expect(added.status()).toBe(201);
    const { id } = (await added.json()) as { id: string };
    try {
      await page.goto('/settings?category=signalSources');
      const card = page.getByTestId('signal-source-row').filter({ hasText: name });
      await card.waitFor();
      // A seven-column table had scrolled sideways, its status and buttons off the screen.
      const inside = (locator: typeof card) =>
        locator.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.left >= 0 && box.right <= window.innerWidth;
        });
      expect(await inside(card)).toBe(true);
      for (const button of [`Pause ${name}`, `Delete ${name}`]) {
        expect(await inside(card.getByRole('button', { name: button })), button).toBe(true);
      }
      await card.getByText('Status', { exact: true }).waitFor();
      await card.getByText('Active', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await page.request.delete(`/api/signal-sources/${id}`, { headers: fromTheAppsPages() });
    }
  });
});
