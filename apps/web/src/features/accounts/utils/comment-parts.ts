/** A piece of a comment: plain text, or an http(s) address to show as a link. */
export type CommentPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address starts with http:// or https:// and runs to the next space; closing punctuation
// ("see https://a.example/x.") stays text.
const ADDRESS = /https?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'»”]+$/;

/**
 * Splits a comment into text and links. Only http and https addresses become links, and only
 * when they parse as such: the text itself is never read as HTML, so nothing else can run.
 */
export function commentParts(text: string): CommentPart[] {
  const parts: CommentPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const address = raw.replace(TRAILING, '');
    let href: string | null = null;
    try {
      const url = new URL(address);
      href = url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
