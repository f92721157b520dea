import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { uniqueName } from './support/unique.ts';

describe('feedback on preferences and Home', () => {
  const b = useBrowser();

  it('confirms a new trigger and brings its card into view', async () => {
    const { page } = b;
    const name = uniqueName('E2E new trigger');
    await startSession(page, 'ada@acme.test');
    await page.goto('/preferences/triggers');
    const form = page.getByTestId('trigger-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Phrases').fill('opens a distribution centre');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    try {
      await page.getByTestId('snackbar-general').getByText(`Trigger “${name}” saved`).waitFor();
      const card = page.getByTestId('trigger').filter({ hasText: name });
      await expect.poll(() => card.getAttribute('data-just-saved')).toBe('true');
      // Its start, name and switch on screen: once the recompute its save queued is done, the
      // card grows by what the trigger finds, which may run below the screen's edge.
      await expect
        .poll(() =>
          card.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const name = (el.querySelector('p') ?? el).getBoundingClientRect();
            return box.top >= 0 && name.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
    } finally {
      const triggers = (await (await page.request.get('/api/triggers')).json()) as {
        triggers: { id: string; name: string }[];
      };
      for (const trigger of triggers.triggers.filter((x) => x.name === name)) {
        await page.request.delete(`/api/triggers/${trigger.id}`, { headers: fromTheAppsPages() });
      }
    }
  });

  it('says on Home when matches were last computed to the minute', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const status = page.getByTestId('value-match-status');
    // A recompute may be running (a trigger changed): the status then says so, and afterwards when.
    await expect.poll(() => status.textContent(), { timeout: 55_000 }).toMatch(/^Last computed /);
    expect(await status.textContent()).toMatch(/^Last computed .*\d{1,2}:\d{2}/);
  });
});
