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

  it('has no serious or critical axe violations on /reporting with its charts', async () => {
    await signIn(b.page, 'mike@acme.test');
    await b.page.goto('/reporting');
    await b.page.getByTestId('report-users').waitFor();
    await b.page.getByTestId('report-daily-chart').locator('.recharts-surface').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });
});
