/**
 * A website as Quarry keeps it: the bare lower-case domain ("https://www.Walmart.com/about" →
 * "walmart.com"), or null when nothing domain-like is there.
 */
export function normalizeWebsite(input: string | null | undefined): string | null {
  if (!input) return null;
  let text = input.trim().toLowerCase();
  if (!text) return null;
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  text = text.split(/[/?#]/)[0] ?? '';
  text = text
    .replace(/^www\d*\./, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(text) ? text : null;
}
