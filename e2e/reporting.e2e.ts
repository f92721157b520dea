import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useBrowser } from './support/browser.ts';

describe('reporting', () => {
  const b = useBrowser();

  it('shows mike (manager) charts over the seeded usage and exports the user table as CSV', async () => {
    await openSignedIn(b.page, 'mike@acme.test');
    await b.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reporting' }).click();
    await b.page.waitForURL((u) => u.pathname === '/reporting');
    await b.page.getByRole('heading', { name: 'Reporting', level: 1 }).waitFor();

    for (const chart of [
      'report-daily-chart',
      'report-sign-ins-chart',
      'report-weekly-chart',
      'report-pages-chart',
      'report-events-chart',
    ]) {
      await b.page.getByTestId(chart).locator('.recharts-surface').first().waitFor();
    }
    // Axis days read as a chart's day ticks (en: Oct 24), not as ISO dates (#17 item 12).
    const tickText = b.page.getByTestId('report-daily-chart').locator('.recharts-cartesian-axis-tick-value');
    await tickText.first().waitFor();
    const ticks = await tickText.allTextContents();
    expect(ticks.some((tick) => /^[A-Z][a-z]{2} \d{1,2}$/.test(tick))).toBe(true);
    expect(ticks.some((tick) => /^\d{4}-\d{2}-\d{2}$/.test(tick))).toBe(false);
    // A day's tooltip names it as a date, not as stored ("2026-11-14").
    const signIns = b.page.getByTestId('report-sign-ins-chart');
    // Pointed at as a reader would: over the middle of the chart, whatever that day's count.
    const surface = signIns.locator('.recharts-surface').first();
    await surface.scrollIntoViewIfNeeded();
    const box = await surface.boundingBox();
    if (!box) throw new Error('no sign-in chart drawn');
    await b.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tooltip = signIns.locator('.recharts-tooltip-wrapper');
    await expect
      .poll(() => tooltip.textContent(), { timeout: 10_000 })
      .toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}Signed in/);
    // Pages are named as the navigation names them, whole: with the path beside ("Your preferences
    // (/preferences…") a label was cut before what told it apart.
    const pageTicks = await b.page
      .getByTestId('report-pages-chart')
      .locator('.recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(pageTicks).toContain('My Accounts');
    expect(pageTicks.filter((tick) => tick.includes('…') || tick.includes('(/'))).toEqual([]);
    const users = b.page.getByTestId('report-users');
    const ritaRow = users.getByRole('row').filter({ hasText: 'rita@acme.test' });
    await ritaRow.waitFor();
    const ritaCells = await ritaRow.getByRole('cell').allInnerTexts();
    // The user (name over address), last sign-in, days active, sign-ins, events.
    expect(ritaCells[0]).toContain('rita@acme.test');
    expect(Number(ritaCells[2])).toBeGreaterThan(0);
    expect(Number(ritaCells[4])).toBeGreaterThan(0);

    // The default range is the last 30 days: its preset shows pressed, and the pickers stop at today.
    expect(await b.page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    await b.page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect
      .poll(() => b.page.getByRole('button', { name: 'Last 90 days' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await b.page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('false');
    await b.page.waitForURL((u) => u.searchParams.has('from') && u.searchParams.has('to'));

    // A day typed key by key as English writes it is taken once whole, and then shown as a date
    // is shown everywhere in the app.
    const from = b.page.getByLabel('From', { exact: true });
    await from.click();
    await b.page.keyboard.press('ControlOrMeta+A');
    await b.page.keyboard.type('10/01/2026');
    await b.page.waitForURL((u) => u.searchParams.get('from') === '2026-10-01');
    await b.page.keyboard.press('Tab');
    await expect.poll(() => from.inputValue()).toBe('Oct 1, 2026');
    // The pickers stop at today: a later day is not taken, and the field shows its day again.
    const to = b.page.getByLabel('To', { exact: true });
    const shownTo = await to.inputValue();
    await to.fill('12/31/2099');
    await to.press('Tab');
    await expect.poll(() => to.inputValue()).toBe(shownTo);
    expect(new URL(b.page.url()).searchParams.get('to')).not.toBe('2099-12-31');
    // From and To changed one right after the other both stay: an inverted range is said, never
    // replaced by another one under the reader's eyes.
    await from.fill('2026-10-20');
    await b.page.getByLabel('To', { exact: true }).fill('2026-10-10');
    await expect
      .poll(() => {
        const u = new URL(b.page.url());
        return [u.searchParams.get('from'), u.searchParams.get('to')];
      })
      .toEqual(['2026-10-20', '2026-10-10']);
    await b.page.getByText('The end day must not be before the start day.').waitFor();
    await b.page.getByRole('button', { name: 'Last 30 days' }).click();
    await b.page.getByRole('button', { name: 'Last 30 days', pressed: true }).waitFor();

    const relayed = b.page.waitForRequest(
      (r) => r.url().endsWith('/AnalyticsRelay') && (r.postData() ?? '').includes('Object Downloaded'),
      { timeout: 30_000 },
    );
    const [download] = await Promise.all([
      b.page.waitForEvent('download'),
      users.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quarry-usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('\uFEFFUser,Email,Last sign-in,Days active,Days signed in,Events');
    expect(csv.find((line) => line.includes('rita@acme.test'))).toMatch(/^Rita Rep,rita@acme\.test,\d{4}-/);
    await relayed;
  }, 60_000);

  it('keeps rita (regular) away from Reporting in the navigation, the route and the API', async () => {
    await openSignedIn(b.page, 'rita@acme.test');
    const nav = b.page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Value' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Reporting' }).count()).toBe(0);
    await b.page.goto('/reporting');
    await b.page.waitForURL((u) => u.pathname === '/');
    const res = await b.page.request.get('/api/reporting?from=2026-01-01&to=2026-01-31');
    expect(res.status()).toBe(403);
  });
});
