import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages, inLanguage } from './support/cleanup.ts';
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

  it("shows each page's and event's name whole, in Japanese, beside its count", async () => {
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
        const items = page.getByTestId(chart).getByRole('listitem');
        await items.first().waitFor();
        // A chart's axis had cut a label at its start ("t Match を表示"), then shortened it ("Value M…").
        const cut = await items.evaluateAll((rows) =>
          rows
            .map((row) => row.querySelector('p'))
            .filter(
              (label) =>
                !label ||
                /…/.test(label.textContent ?? '') ||
                label.scrollWidth > label.clientWidth + 1 ||
                label.getBoundingClientRect().right > window.innerWidth,
            )
            .map((label) => label?.textContent),
        );
        expect(cut, chart).toEqual([]);
      }
      const events = page.getByTestId('report-events-chart');
      await events.getByText('バリューマッチの閲覧', { exact: true }).waitFor();
      expect(await events.getByText('Value Match viewed', { exact: true }).count()).toBe(0);
    } finally {
      await page.request.patch('/api/me', {
        headers: fromTheAppsPages(),
        data: { field: 'preferences.language', value: 'en' },
      });
    }
  });
});

describe('an account in Korean', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('names a sector once where it reads as its industry does (자동차 및 부품), and both where they differ in English', async () => {
    const { page } = b;
    await openSignedIn(page, 'raj@acme.test');
    // Goodyear's industry is "Motor Vehicles and Parts", its sector "Motor Vehicles & Parts".
    await page.goto('/accounts/acc_goodyear_com');
    await page.getByTestId('account-sector').getByText('Motor Vehicles & Parts').waitFor();
    expect(await page.getByTestId('account-industry').textContent()).toBe('Motor Vehicles and Parts');
    await inLanguage(page, 'ko', async () => {
      await page.reload();
      await page.getByTestId('account-industry').getByText('자동차 및 부품').waitFor();
      // Two badges both saying 자동차 및 부품 had looked like a glitch.
      expect(await page.getByTestId('account-sector').count()).toBe(0);
    });
  });
});
