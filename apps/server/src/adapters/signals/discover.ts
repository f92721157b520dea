import type { BoardKind } from './parse.ts';

/** The job boards Quarry reads, as their public pages and APIs name a board (its token). */
const BOARD_PATTERNS: { kind: BoardKind; pattern: RegExp }[] = [
  { kind: 'greenhouse', pattern: /^(?:job-)?boards(?:\.eu)?\.greenhouse\.io\/(?:embed\/job_board\?for=)?([\w-]+)/i },
  { kind: 'greenhouse', pattern: /^boards-api\.greenhouse\.io\/v1\/boards\/([\w-]+)/i },
  { kind: 'lever', pattern: /^jobs\.(?:eu\.)?lever\.co\/([\w.-]+)/i },
  { kind: 'lever', pattern: /^api\.lever\.co\/v0\/postings\/([\w.-]+)/i },
  { kind: 'ashby', pattern: /^jobs\.ashbyhq\.com\/([\w.-]+)/i },
  { kind: 'ashby', pattern: /^api\.ashbyhq\.com\/posting-api\/job-board\/([\w.-]+)/i },
];

/** Board names that are parts of the boards' own sites, not a company's board. */
const NOT_A_BOARD = new Set(['embed', 'v1', 'api', 'jobs', 'careers', 'static', 'assets']);

/** Every `href` and `src` of a page, resolved against its URL (the first 500 kB are read). */
function linksOf(html: string, pageUrl: string): { url: URL; text: string }[] {
  const out: { url: URL; text: string }[] = [];
  const pattern = /<(a|iframe|script|link)\b([^>]*)>(?:([^<]{0,200}))?/gi;
  for (const m of html.slice(0, 500_000).matchAll(pattern)) {
    const attrs = m[2] ?? '';
    const value = /\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
      .exec(attrs)
      ?.slice(1)
      .find((v) => v !== undefined);
    if (!value) continue;
    try {
      const url = new URL(value.replace(/&amp;/g, '&'), pageUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') out.push({ url, text: (m[3] ?? '').trim() });
    } catch {
      // An unreadable link is skipped.
    }
  }
  return out;
}

/** The Greenhouse, Lever and Ashby boards a page links to or embeds, by board name. */
export function findJobBoards(html: string, pageUrl: string): { kind: BoardKind; token: string }[] {
  const found: { kind: BoardKind; token: string }[] = [];
  for (const { url } of linksOf(html, pageUrl)) {
    const text = `${url.host}${url.pathname}${url.search}`;
    for (const { kind, pattern } of BOARD_PATTERNS) {
      const token = pattern.exec(text)?.[1]?.toLowerCase();
      if (!token || NOT_A_BOARD.has(token)) continue;
      if (!found.some((f) => f.kind === kind && f.token === token)) found.push({ kind, token });
    }
  }
  return found.slice(0, 3);
}

/** The company's own careers pages a home page links to (same site), at most two. */
export function findCareersPages(html: string, pageUrl: string): string[] {
  const home = new URL(pageUrl);
  const site = (host: string) => host.replace(/^www\./, '');
  const found: string[] = [];
  for (const { url, text } of linksOf(html, pageUrl)) {
    if (site(url.host) !== site(home.host) && !url.host.endsWith(`.${site(home.host)}`)) continue;
    if (!/careers?|jobs|join-us|work-with-us/i.test(`${url.pathname} ${text}`)) continue;
    url.hash = '';
    const href = url.toString();
    if (href !== home.toString() && !found.includes(href)) found.push(href);
  }
  return found.slice(0, 2);
}
