import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';

describe('Reporting in French', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('names the events in French, not as recorded ("List Mutated")', async () => {
    const { page } = b;
    await signIn(page, 'mike@acme.test');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menu').waitFor();
    await page.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'Français' }).click();
    await page.keyboard.press('Escape');
    try {
      await page.goto('/reporting');
      const events = page.getByTestId('report-events-chart');
      await events.getByText('Liste modifiée').waitFor();
      expect(await events.getByText('List Mutated').count()).toBe(0);
    } finally {
      // Mike reads English in every other test.
      await page.request.patch('/api/me', {
        headers: fromTheAppsPages(),
        data: { field: 'preferences.language', value: 'en' },
      });
    }
  });
});
