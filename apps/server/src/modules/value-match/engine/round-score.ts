/** A number as the engine's answer shows it: rounded to 4 decimals. */
export function roundScore(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
