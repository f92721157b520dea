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
  return `${chars
    .slice(0, fitting(widths, columns - 1))
    .join('')
    .trimEnd()}…`;
}

/** How many of the first characters of these widths fit in `columns`. */
function fitting(widths: number[], columns: number): number {
  let used = 0;
  let kept = 0;
  while (kept < widths.length && used + (widths[kept] ?? 1) <= columns) used += widths[kept++] ?? 1;
  return kept;
}

/**
 * The start and the end of a text, "…" between, in `columns`: the end is what tells such labels
 * apart, so it keeps its last word whole where that fits ("Corr…consultée").
 */
function keepEnds(text: string, columns: number): string {
  const chars = Array.from(text.trim());
  const widths = chars.map((c) => eastAsianWidth(c.codePointAt(0) ?? 0));
  const sum = (ws: number[]) => ws.reduce((total, w) => total + w, 0);
  const space = chars.lastIndexOf(' ');
  const lastWord = space >= 0 ? sum(widths.slice(space + 1)) : Number.POSITIVE_INFINITY;
  // At least two columns of the start stay, to say what the label is.
  const tailColumns = lastWord <= columns - 3 ? lastWord : Math.ceil((columns - 1) / 2);
  const tail = fitting([...widths].reverse(), tailColumns);
  const head = fitting(widths, columns - 1 - sum(widths.slice(chars.length - tail)));
  return `${chars.slice(0, head).join('').trimEnd()}…${chars
    .slice(chars.length - tail)
    .join('')
    .trimStart()}`;
}

/**
 * Each of a chart's labels as `axisLabel` shortens it, told apart: labels that would shorten alike
 * ("Value Match viewed" and "Value Match scrolled" on a phone, "Correspondanc…" twice in French)
 * keep their start and their end instead.
 */
export function axisLabels(values: readonly string[], columns: number): Map<string, string> {
  const short = new Map(values.map((value) => [value, axisLabel(value, columns)]));
  const count = new Map<string, number>();
  for (const label of new Set(short.values())) count.set(label, 0);
  for (const value of new Set(values))
    count.set(short.get(value) as string, (count.get(short.get(value) as string) ?? 0) + 1);
  for (const [value, label] of short) if ((count.get(label) ?? 0) > 1) short.set(value, keepEnds(value, columns));
  return short;
}
