import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, startSession, useBrowser } from './support/browser.ts';
import { uniqueName } from './support/unique.ts';

/**
 * Waits until no finite animation or transition is running (a drawer sliding in, an accordion
 * opening): colours read mid-fade are not the colours a reader sees. Endless ones (a loader's
 * spin, a skeleton's pulse) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
}

async function seriousViolations(page: Page) {
  await settled(page);
  // @axe-core/playwright accepts playwright-core's page; its types name @playwright/test's.
  const results = await new AxeBuilder({ page: page as never }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// Each theme as its reader's system sets it, with reduced motion asked for as a reader may: the
// app honours it, so the page is settled when axe reads its colours.
describe.each(['light', 'dark'] as const)('accessibility in the %s theme', (colorScheme) => {
  const b = useBrowser({ colorScheme, reducedMotion: 'reduce' });

  it('has no serious or critical axe violations on /login', async () => {
    await b.page.goto('/login');
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });

  it('has no serious or critical axe violations in the signed-in shell', async () => {
    await openSignedIn(b.page, 'mike@acme.test');
    await b.page.getByRole('heading', { name: 'Value Match' }).waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });

  it('has no serious or critical axe violations on a workspace, its list and the Lists panel', async () => {
    const { page } = b;
    await openSignedIn(page, 'rita@acme.test');
    const workspaceName = uniqueName('Axe check');
    const post = async <T>(url: string, data: unknown) => {
      const response = await page.request.post(url, { data });
      expect(response.status(), url).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const workspace = await post<{ id: string }>('/api/workspaces', {
      name: workspaceName,
      description: 'Accessibility',
    });
    const list = await post<{ id: string }>(`/api/workspaces/${workspace.id}/lists`, {
      name: 'Axe list',
      type: 'accounts',
    });
    const search = await page.request.get('/api/accounts/search?q=ford');
    const { hits } = (await search.json()) as { hits: { master_account_id: string }[] };
    await post(`/api/lists/${list.id}/members`, { ids: hits.map((h) => h.master_account_id) });

    await page.goto(`/workspaces/${workspace.id}`);
    await page.getByRole('heading', { name: workspaceName, level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`/lists/${list.id}`);
    await page.getByTestId('list-members').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lists' }).click();
    await page.getByRole('dialog', { name: 'Lists' }).getByRole('link', { name: workspaceName }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical axe violations on /reporting with its charts', async () => {
    await startSession(b.page, 'mike@acme.test');
    await b.page.goto('/reporting');
    await b.page.getByTestId('report-users').waitFor();
    await b.page.getByTestId('report-daily-chart').locator('.recharts-surface').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });
});
