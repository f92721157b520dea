import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { chooseLanguage } from './support/language.ts';

type Me = { user: { preferences: { language?: string } } };

describe('Reporting in French', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('names the events in French, not as recorded ("List Mutated")', async () => {
    const { page } = b;
    await openSignedIn(page, 'mike@acme.test');
    const confirmation = await chooseLanguage(page, 'Français');
    try {
      // The confirmation speaks the language just chosen, not the one it replaced.
      expect(confirmation).toContain('Langue définie sur Français');
      // A page load before the choice is saved would still read English (a clean-clone run met that).
      await expect
        .poll(async () => ((await (await page.request.get('/api/me')).json()) as Me).user.preferences.language)
        .toBe('fr');
      await page.goto('/reporting');
      const events = page.getByTestId('report-events-chart');
      await events.getByText('Liste modifiée').waitFor();
      expect(await events.getByText('List Mutated').count()).toBe(0);
      // The page's own texts too, on a page loaded as the first of the tab: they had stayed in
      // English until the reader moved to another page ("Export CSV").
      await page.reload();
      await page.getByRole('button', { name: 'Exporter en CSV' }).waitFor();
      expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    } finally {
      // Mike reads English in every other test.
      await page.request.patch('/api/me', {
        headers: fromTheAppsPages(),
        data: { field: 'preferences.language', value: 'en' },
      });
    }
  });
});
