import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

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

/** Where axe found it; for a contrast finding, the colours and ratio it measured. */
function describeNode(node: { target: unknown[]; any: { data?: unknown }[] }): string {
  const target = node.target.join(' ');
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.contrastRatio ? `${target} (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : target;
}

/**
 * The serious and critical axe findings on the page once it has settled ("rule: target, target"),
 * of the whole page or only of what `include` selects. Every rule runs: none is left out.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await settled(page);
  // @axe-core/playwright accepts playwright-core's page; its types name @playwright/test's.
  const builder = new AxeBuilder({ page: page as never });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map(describeNode).join(', ')}`);
}
