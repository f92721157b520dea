import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../apps/server/src/testing/xss-payloads.ts';
import { baseURL, openSignedIn, useBrowser } from './support/browser.ts';
import { uniqueName } from './support/unique.ts';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openSignedIn(page, email);
  return page;
}

/** Deletes, as the support account, every alert whose title starts with `prefix`. */
async function deleteAlerts(support: Page, prefix: string): Promise<void> {
  await support.evaluate(async (p) => {
    const { alerts } = (await (await fetch('/api/support/alerts')).json()) as {
      alerts: { id: string; title: string }[];
    };
    for (const a of alerts.filter((x) => x.title.startsWith(p))) {
      await fetch(`/api/support/alerts/${a.id}`, { method: 'DELETE' });
    }
  }, prefix);
}

describe('global alerts', () => {
  const b = useBrowser();

  it('asks again before a new alert goes to every tenant, and publishes nothing until then', async () => {
    const support = b.page;
    const title = uniqueName('Everyone check');
    await openSignedIn(support, 'support@quarry.test');
    try {
      await support.goto('/support-alerts');
      await support.getByRole('button', { name: 'New alert' }).click();
      const editor = support.getByRole('dialog', { name: 'New alert' });
      await editor.getByLabel('Title').fill(title);
      await editor.getByLabel('Message').fill('Hello everyone');
      expect(await editor.getByRole('combobox', { name: 'Shown to' }).inputValue()).toBe('All tenants');
      await editor.getByRole('button', { name: 'Publish', exact: true }).click();
      await editor.getByText('This alert will show to every user of every tenant').waitFor();
      await editor.getByRole('button', { name: 'Cancel' }).click();
      // What was typed is thrown away only once confirmed.
      await support
        .getByRole('dialog', { name: 'Discard this alert?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await editor.waitFor({ state: 'detached' });
      const titles = await support.evaluate(async () => {
        const res = await fetch('/api/support/alerts');
        return ((await res.json()) as { alerts: { title: string }[] }).alerts.map((a) => a.title);
      });
      expect(titles).not.toContain(title);
    } finally {
      // Published by mistake, it would show to every user of every tenant in every later test.
      await deleteAlerts(support, title);
    }
  });

  it("publishes an alert that a rep sees, dismisses for the session and hides for good with Don't show again", async () => {
    const support = b.page;
    // Unique to the attempt, and deleted at the end whatever happens: a first attempt's alert would
    // otherwise show as a second banner to Rita on the retry.
    const title = uniqueName('Scheduled maintenance');
    const others: Page[] = [];
    await openSignedIn(support, 'support@quarry.test');
    try {
      await support.goto('/support-alerts');
      await support.getByRole('button', { name: 'New alert' }).click();
      const editor = support.getByRole('dialog', { name: 'New alert' });
      await editor.getByLabel('Title').fill(title);
      await editor
        .getByLabel('Message')
        .fill('Quarry is read-only on <b>Sunday</b> <img src=x onerror="window.__xss=1">');
      expect(await editor.getByTestId('alert-preview').locator('b').textContent()).toBe('Sunday');
      expect(await editor.getByTestId('alert-preview').locator('img').count()).toBe(0);
      await editor.getByRole('combobox', { name: 'Kind' }).click();
      await support.getByRole('option', { name: 'Warning' }).click();
      await editor.getByRole('combobox', { name: 'Shown to' }).click();
      await support.getByRole('option', { name: 'Acme Analytics' }).click();
      await editor.getByRole('button', { name: 'Publish' }).click();
      await support.getByTestId('snackbar-general').getByText(`Alert "${title}" published`).waitFor();
      await support.getByRole('row').filter({ hasText: title }).getByRole('cell', { name: 'Acme Analytics' }).waitFor();
      // When it starts, to the minute: an alert of two hours had read "Nov 29, 2026 – Nov 29, 2026".
      const when = await support.getByRole('row').filter({ hasText: title }).getByRole('cell').nth(2).textContent();
      expect(when).toMatch(/\d{1,2}:\d{2}/);

      const rita = await signedInPage(b.context.browser() as Browser, 'rita@acme.test');
      others.push(rita);
      const banner = rita.getByTestId('alert-banner');
      await banner.getByText(title).waitFor();
      expect(await banner.locator('b').textContent()).toBe('Sunday');
      expect(await banner.locator('img').count()).toBe(0);
      expect(await rita.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect((await banner.boundingBox())?.height).toBe(40);
      // On a phone the title gives way: the banner's buttons stay on the screen.
      await rita.setViewportSize({ width: 390, height: 844 });
      const dismissBox = await banner.getByRole('button', { name: 'Dismiss' }).boundingBox();
      expect((dismissBox?.x ?? 0) + (dismissBox?.width ?? 0)).toBeLessThanOrEqual(390);
      await rita.setViewportSize({ width: 1280, height: 800 });
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await banner.waitFor({ state: 'detached' });
      // The focus, on the button that went with the banner, moves on to the page.
      await expect.poll(() => rita.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      await rita.reload();
      await rita.getByRole('heading', { name: 'Value Match' }).waitFor();
      expect(await rita.getByTestId('alert-banner').count()).toBe(0);
      // A new tab is a new browser session: Dismiss held for the old one only.
      const tab = await rita.context().newPage();
      await tab.goto('/');
      await tab.getByTestId('alert-banner').getByRole('button', { name: "Don't show again" }).click();
      await tab.getByTestId('alert-banner').waitFor({ state: 'detached' });
      const later = await rita.context().newPage();
      await later.goto('/');
      await later.getByRole('heading', { name: 'Value Match' }).waitFor();
      expect(await later.getByTestId('alert-banner').count()).toBe(0);

      // Globex never saw it; deleting it takes it away from everyone.
      const gus = await signedInPage(b.context.browser() as Browser, 'gus@globex.test');
      others.push(gus);
      await gus.getByRole('heading', { name: 'Value Match' }).waitFor();
      expect(await gus.getByText(title).count()).toBe(0);
      await support.getByRole('button', { name: `Delete ${title}` }).click();
      await support
        .getByRole('dialog', { name: 'Delete this alert?' })
        .getByRole('button', { name: 'Delete alert' })
        .click();
      await support.getByTestId('snackbar-general').getByText(`Alert "${title}" deleted`).waitFor();
    } finally {
      await deleteAlerts(support, title);
      for (const page of others) await page.context().close();
    }
  });

  it(`runs none of ${XSS_PAYLOADS.length} known XSS payloads stored as alert HTML`, async () => {
    const support = b.page;
    // Titles unique to the attempt; every alert of theirs is deleted at the end, published or not.
    const prefix = `${uniqueName('XSS')} `;
    await openSignedIn(support, 'support@quarry.test');
    try {
      const published = await support.evaluate(
        async ({ payloads, prefix }) => {
          let count = 0;
          for (const [i, payload] of payloads.entries()) {
            const res = await fetch('/api/support/alerts', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                title: `${prefix}${i + 1}`,
                message: `${payload} payload ${i + 1}`,
                starts_at: new Date(Date.now() - 60_000).toISOString(),
                tenant_id: 'tnt_globex',
                allow_dont_show_again: false,
              }),
            });
            if (res.status === 201) count++;
          }
          return count;
        },
        { payloads: XSS_PAYLOADS, prefix },
      );
      expect(published).toBeGreaterThanOrEqual(50);

      const context = await b.newContext('gus');
      const hits: unknown[] = [];
      await context.exposeFunction('__xss', (n: unknown) => hits.push(n));
      const gus = await context.newPage();
      gus.on('dialog', (dialog) => {
        hits.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await openSignedIn(gus, 'gus@globex.test');
      const banners = gus.getByTestId('alert-banner');
      await expect.poll(() => banners.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(published);
      // Give handlers that fire on load, focus or animation their chance, then hover and click every message.
      await gus.waitForTimeout(1000);
      for (let i = 0; i < (await banners.count()); i++) {
        const message = banners.nth(i).locator('p, div').nth(1);
        await message.hover({ force: true }).catch(() => undefined);
        await message.click({ force: true, trial: false }).catch(() => undefined);
      }
      await gus.goto('/');
      await gus.waitForTimeout(500);
      expect(hits).toEqual([]);
      const dangerous = await gus.evaluate(() =>
        [...document.querySelectorAll('[data-testid="alert-banner"] *')]
          .filter(
            (el) =>
              ![
                'B',
                'STRONG',
                'I',
                'EM',
                'U',
                'A',
                'BR',
                'SPAN',
                'CODE',
                'P',
                'DIV',
                'BUTTON',
                'svg',
                'path',
                'SVG',
                'PATH',
              ].includes(el.tagName) ||
              [...el.attributes].some((a) => /^on/i.test(a.name) || /javascript:|data:/i.test(a.value)) ||
              (el.tagName === 'A' && !/^(https?:|mailto:|\/)/i.test(el.getAttribute('href') ?? '/')),
          )
          .map((el) => el.outerHTML.slice(0, 120)),
      );
      expect(dangerous).toEqual([]);
    } finally {
      await deleteAlerts(support, prefix);
    }
  });
});
