import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publishAlert } from './support/alerts.ts';
import { seriousViolations } from './support/axe.ts';
import { openSignedIn, useBrowser } from './support/browser.ts';
import { fromTheAppsPages } from './support/cleanup.ts';
import { uniqueName } from './support/unique.ts';

/** Serious or critical axe findings inside the banner, colour contrast included. */
const bannerViolations = (page: Page) => seriousViolations(page, '[data-testid="alert-banner"]');

/** The banner's texts wider than their box (cut with "…" or hidden). */
const clippedTexts = (page: Page, title: string) =>
  page
    .getByTestId('alert-banner')
    .filter({ hasText: title })
    .evaluate((bar) =>
      [...bar.querySelectorAll('p')].filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent),
    );

describe.each(['light', 'dark'] as const)('a global alert in the %s theme', (colorScheme) => {
  const b = useBrowser({ colorScheme, reducedMotion: 'reduce' });

  it.each(['warning', 'info'])(
    'a %s alert is readable and dismissable on a 390 px phone and on a desktop, with no axe contrast finding',
    async (color) => {
      const title = uniqueName('Scheduled maintenance this weekend');
      const support = await b.newContext('support');
      const supportPage = await support.newPage();
      await openSignedIn(supportPage, 'support@quarry.test');
      const id = await publishAlert(supportPage, title, color);
      try {
        const { page } = b;
        await page.setViewportSize({ width: 390, height: 844 });
        await openSignedIn(page, 'rita@acme.test');
        const banner = page.getByTestId('alert-banner').filter({ hasText: title });
        await banner.getByText(title).waitFor();
        // Title and message keep a readable width; every button is on the screen.
        const titleBox = await banner.getByText(title).boundingBox();
        const messageBox = await banner.getByText(/read-only on/).boundingBox();
        expect(titleBox?.width ?? 0).toBeGreaterThan(150);
        expect(messageBox?.width ?? 0).toBeGreaterThan(150);
        for (const name of ['Details', "Don't show again", 'Dismiss']) {
          const box = await banner.getByRole('button', { name }).boundingBox();
          expect(box, name).not.toBeNull();
          expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, name).toBe(true);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(await bannerViolations(page)).toEqual([]);

        await page.setViewportSize({ width: 1400, height: 900 });
        // At least the 40 px bar; taller when title and message need a second line, never cut.
        expect((await banner.boundingBox())?.height).toBeGreaterThanOrEqual(40);
        expect(await clippedTexts(page, title)).toEqual([]);
        expect(await bannerViolations(page)).toEqual([]);

        await page.setViewportSize({ width: 390, height: 844 });
        await banner.getByRole('button', { name: 'Dismiss' }).click();
        await banner.waitFor({ state: 'detached' });
      } finally {
        await supportPage.request.delete(`/api/support/alerts/${id}`, { headers: fromTheAppsPages() });
      }
    },
  );
});

describe('a long global alert on a desktop', () => {
  const b = useBrowser();

  it('shows its whole title and message, wrapped, not cut with "…"', async () => {
    const title = uniqueName('Scheduled maintenance of the reporting database and every export this weekend');
    const ending = 'until Monday morning, when everything is back.';
    const support = await b.newContext('support');
    const supportPage = await support.newPage();
    await openSignedIn(supportPage, 'support@quarry.test');
    const id = await publishAlert(
      supportPage,
      title,
      'warning',
      `Uploads, flows and exports are paused on <b>Sunday</b> from 02:00 to 04:00 while we move to a larger database; reports may show yesterday's figures ${ending}`,
    );
    try {
      const { page } = b;
      await page.setViewportSize({ width: 1400, height: 900 });
      await openSignedIn(page, 'rita@acme.test');
      const banner = page.getByTestId('alert-banner').filter({ hasText: title });
      await banner.getByText(title).waitFor();
      // Nothing overflows its box: the text wraps and the bar grows.
      expect(await clippedTexts(page, title)).toEqual([]);
      const bar = await banner.boundingBox();
      const end = await banner.getByText(ending, { exact: false }).boundingBox();
      expect(bar?.height ?? 0).toBeGreaterThan(40);
      expect((end?.y ?? 0) + (end?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0) + 1);
    } finally {
      await supportPage.request.delete(`/api/support/alerts/${id}`, { headers: fromTheAppsPages() });
    }
  });
});
