import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';

async function seriousViolations(page: import('playwright-core').Page) {
  // @axe-core/playwright accepts playwright-core's page; its types name @playwright/test's.
  const results = await new AxeBuilder({ page: page as never }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  const b = useBrowser();

  it('has no serious or critical axe violations on /login', async () => {
    await b.page.goto('/login');
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });

  it('has no serious or critical axe violations in the signed-in shell', async () => {
    await signIn(b.page, 'mike@acme.test');
    await b.page.getByRole('heading', { name: 'Value Match' }).waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });

  it('has no serious or critical axe violations on a workspace, its list and the Lists panel', async () => {
    await signIn(b.page, 'rita@acme.test');
    const ids = await b.page.evaluate(async () => {
      const post = async (url: string, body: unknown) =>
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { id: string };
      const workspace = await post('/api/workspaces', { name: 'Axe check', description: 'Accessibility' });
      const list = await post(`/api/workspaces/${workspace.id}/lists`, { name: 'Axe list', type: 'accounts' });
      const hits = (await (await fetch('/api/accounts/search?q=ford')).json()) as {
        hits: { master_account_id: string }[];
      };
      await post(`/api/lists/${list.id}/members`, { ids: hits.hits.map((h) => h.master_account_id) });
      return { workspace: workspace.id, list: list.id };
    });
    await b.page.goto(`/workspaces/${ids.workspace}`);
    await b.page.getByRole('heading', { name: 'Axe check', level: 1 }).waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
    await b.page.goto(`/lists/${ids.list}`);
    await b.page.getByTestId('list-members').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
    await b.page.getByRole('button', { name: 'Lists' }).click();
    await b.page.getByRole('dialog', { name: 'Lists' }).getByRole('link', { name: 'Axe check' }).waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });

  it('has no serious or critical axe violations on /reporting with its charts', async () => {
    await signIn(b.page, 'mike@acme.test');
    await b.page.goto('/reporting');
    await b.page.getByTestId('report-users').waitFor();
    await b.page.getByTestId('report-daily-chart').locator('.recharts-surface').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });
});
