import axe from 'axe-core';
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

type Node = { target: unknown[]; any: { data?: unknown }[] };
type Violation = { id: string; impact?: string | null; nodes: Node[] };

/** Where axe found it; for a contrast finding, the colours and ratio it measured. */
function describeNode(node: Node): string {
  const target = node.target.join(' ');
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.contrastRatio ? `${target} (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : target;
}

/**
 * The serious and critical axe findings on the page once it has settled ("rule: target, target"),
 * of the whole page or only of what `include` selects. Every rule runs: none is left out.
 *
 * axe-core itself, run in the page: loaded once per document (an app's screens share one, as the
 * router changes them), and asked for violations only, so it keeps one node per passing check
 * instead of every node it measured. The app has no frames, so no cross-frame run is needed.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (selector) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return results.violations as Violation[];
  }, include);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map(describeNode).join(', ')}`);
}
