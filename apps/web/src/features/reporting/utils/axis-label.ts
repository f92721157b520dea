import { eastAsianWidth } from 'get-east-asian-width';

/**
 * An axis label that fits `columns` columns of the axis, where a wide character (kanji, kana,
 * hangul) takes two: longer text ends in "…" so the axis never cuts it at either side.
 */
export function axisLabel(value: unknown, columns: number): string {
  const text = String(value);
  const chars = Array.from(text);
  const widths = chars.map((c) => eastAsianWidth(c.codePointAt(0) ?? 0));
  if (widths.reduce((sum, w) => sum + w, 0) <= columns) return text;
  let used = 1; // the "…"
  let kept = 0;
  while (kept < chars.length && used + (widths[kept] ?? 1) <= columns) used += widths[kept++] ?? 1;
  return `${chars.slice(0, kept).join('').trimEnd()}…`;
}
