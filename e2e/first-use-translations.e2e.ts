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

describe('Reporting in Japanese on a 390 px phone', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it("shows each page's and event's name inside its chart, shortened with … where it is long", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'mike@acme.test');
    await chooseLanguage(page, '日本語');
    try {
      await expect
        .poll(async () => ((await (await page.request.get('/api/me')).json()) as Me).user.preferences.language)
        .toBe('ja');
      await page.goto('/reporting');
      for (const chart of ['report-pages-chart', 'report-events-chart']) {
        const labels = page
          .getByTestId(chart)
          .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
        await labels.first().waitFor();
        // A label wider than the axis was cut at its start by the chart's edge ("t Match を表示").
        const outside = await page
          .getByTestId(chart)
          .locator('.recharts-surface')
          .first()
          .evaluate((svg) => {
            const left = svg.getBoundingClientRect().left;
            return [...svg.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')]
              .filter((label) => label.getBoundingClientRect().left < left - 0.5)
              .map((label) => label.textContent);
          });
        expect(outside, chart).toEqual([]);
      }
    } finally {
      await page.request.patch('/api/me', {
        headers: fromTheAppsPages(),
        data: { field: 'preferences.language', value: 'en' },
      });
    }
  });
});
