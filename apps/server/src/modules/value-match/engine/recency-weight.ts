import { DAY_MS } from '@quarry/shared';

/**
 * How much a hit published at `publishedMs` still counts at `nowMs`: 1 today, ½ after one
 * half-life. A date in the future counts as today.
 */
export function recencyWeight(
  publishedMs: number,
  nowMs: number,
  halfLifeDays: number,
): { ageDays: number; weight: number } {
  const ageDays = Math.max(0, (nowMs - publishedMs) / DAY_MS);
  return { ageDays, weight: 0.5 ** (ageDays / halfLifeDays) };
}
