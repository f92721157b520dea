import type { SignalReason, SignalReasonCode, SignalSourceKind } from '@quarry/shared';
import { XMLParser } from 'fast-xml-parser';
import sanitizeHtml from 'sanitize-html';

/** One item of a feed, board or filing list, before deduplication and linking. */
export type ParsedItem = {
  /** The item's own id (guid, posting id, accession number), for the log; dedup uses the URL and text. */
  id: string | null;
  title: string;
  url: string | null;
  text: string;
  /** ISO time, or null when the item has none or it cannot be read (the sweep then uses the fetch time). */
  publishedAt: string | null;
  type: 'news_article' | 'job_posting';
};

export type ParsedSource = { title: string | null; items: ParsedItem[] };

export class ParseError extends Error {
  /** The same failure as a code and its parameters, which the web says in the reader's language. */
  readonly reason: SignalReason;
  constructor(message: string, code: SignalReasonCode, params: SignalReason['params'] = {}) {
    super(message);
    this.name = 'ParseError';
    this.reason = { code, params };
  }
}

const MAX_ITEMS = 200;
const MAX_TEXT = 5_000;

/** HTML (or text with markup) reduced to plain text: no tag, script or style survives. */
export function toPlainText(html: unknown): string {
  const raw = textOf(html);
  if (!raw) return '';
  const text = sanitizeHtml(raw, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'noscript', 'iframe', 'textarea', 'title'],
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n) % 0x110000))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16) % 0x110000))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The text of a parsed XML node: a string, a number, or an element's #text. */
function textOf(node: unknown): string {
  if (node === null || node === undefined) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === 'object') return textOf((node as Record<string, unknown>)['#text']);
  return '';
}

function asArray<T>(node: T | T[] | undefined | null): T[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}

/** A date as ISO, or null when missing or unreadable (a malformed date is kept as the fetch time, not dropped). */
export function isoDate(value: unknown): string | null {
  const text = typeof value === 'number' ? value : textOf(value).trim();
  if (text === '' || text === undefined) return null;
  const d = new Date(text);
  const t = d.getTime();
  if (Number.isNaN(t) || t < Date.UTC(1990, 0, 1) || t > Date.now() + 2 * 86_400_000) return null;
  return d.toISOString();
}

function httpUrl(value: unknown): string | null {
  const text = textOf(value).trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function title(value: unknown): string {
  return toPlainText(value).slice(0, 500);
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  cdataPropName: false,
});

function parseXml(body: string): Record<string, unknown> {
  const start = body.trimStart();
  if (!start.startsWith('<')) throw new ParseError('not XML: the answer does not start with a tag', 'not_xml');
  let doc: unknown;
  try {
    doc = xml.parse(start);
  } catch (error) {
    throw new ParseError(`not XML: ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}`, 'not_xml');
  }
  if (!doc || typeof doc !== 'object') throw new ParseError('not XML', 'not_xml');
  return doc as Record<string, unknown>;
}

type Node = Record<string, unknown>;

/** The alternate link of an Atom entry (or its first link). */
function atomLink(links: unknown): string | null {
  const list = asArray(links as Node | Node[]);
  const alternate = list.find((l) => typeof l === 'object' && (!l['@_rel'] || l['@_rel'] === 'alternate')) ?? list[0];
  if (!alternate) return null;
  if (typeof alternate === 'string') return httpUrl(alternate);
  return httpUrl(alternate['@_href']);
}

/** RSS 2.0, Atom 1.0 and RSS 1.0 (RDF) feeds. */
export function parseFeed(body: string): ParsedSource {
  const doc = parseXml(body);
  const rss = doc.rss as Node | undefined;
  if (rss) {
    const channel = (asArray(rss.channel as Node)[0] ?? {}) as Node;
    const items = asArray(channel.item as Node[]).slice(0, MAX_ITEMS);
    return {
      title: title(channel.title) || null,
      items: items.map((item) => ({
        id: textOf(item.guid) || null,
        title: title(item.title),
        url: httpUrl(item.link) ?? httpUrl(item.guid),
        text: toPlainText(item.encoded ?? item.description),
        publishedAt: isoDate(item.pubDate ?? item.date),
        type: 'news_article' as const,
      })),
    };
  }
  const feed = doc.feed as Node | undefined;
  if (feed) {
    return {
      title: title(feed.title) || null,
      items: asArray(feed.entry as Node[])
        .slice(0, MAX_ITEMS)
        .map((entry) => ({
          id: textOf(entry.id) || null,
          title: title(entry.title),
          url: atomLink(entry.link),
          text: toPlainText(entry.content ?? entry.summary),
          publishedAt: isoDate(entry.published ?? entry.updated),
          type: 'news_article' as const,
        })),
    };
  }
  const rdf = doc.RDF as Node | undefined;
  if (rdf) {
    const channel = (asArray(rdf.channel as Node)[0] ?? {}) as Node;
    return {
      title: title(channel.title) || null,
      items: asArray(rdf.item as Node[])
        .slice(0, MAX_ITEMS)
        .map((item) => ({
          id: textOf(item['@_about']) || null,
          title: title(item.title),
          url: httpUrl(item.link),
          text: toPlainText(item.description),
          publishedAt: isoDate(item.date),
          type: 'news_article' as const,
        })),
    };
  }
  throw new ParseError('not a feed: no RSS, Atom or RDF root element', 'not_feed');
}

/** 8-K items as the SEC numbers them, with what they announce (the words triggers look for). */
export const SEC_8K_ITEMS: Record<string, string> = {
  '1.01': 'Entry into a Material Definitive Agreement',
  '1.02': 'Termination of a Material Definitive Agreement',
  '1.03': 'Bankruptcy or Receivership',
  '2.01': 'Completion of Acquisition or Disposition of Assets',
  '2.02': 'Results of Operations and Financial Condition',
  '2.03': 'Creation of a Direct Financial Obligation',
  '2.05': 'Costs Associated with Exit or Disposal Activities (restructuring)',
  '2.06': 'Material Impairments',
  '3.01': 'Notice of Delisting',
  '5.01': 'Changes in Control of Registrant',
  '5.02': 'Departure or Appointment of Directors or Certain Officers (executive change)',
  '5.03': 'Amendments to Articles of Incorporation or Bylaws',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};

/**
 * SEC EDGAR's company filings Atom feed (browse-edgar …&type=8-K&output=atom): each entry's form
 * type (category term or filing-type) and the items it reports (items-desc, e.g. "items 2.01 and
 * 9.01"), written out so a trigger on "acquisition" finds a 2.01 filing. Forms other than 8-K
 * (and 8-K/A) are skipped.
 */
export function parseSecAtom(body: string): ParsedSource {
  const doc = parseXml(body);
  const feed = doc.feed as Node | undefined;
  if (!feed) throw new ParseError('not an EDGAR Atom feed: no <feed> element', 'not_sec_feed');
  const company = title((feed['company-info'] as Node | undefined)?.['conformed-name']) || title(feed.title) || null;
  const items: ParsedItem[] = [];
  for (const entry of asArray(feed.entry as Node[]).slice(0, MAX_ITEMS)) {
    const content = (typeof entry.content === 'object' ? entry.content : {}) as Node;
    const category = asArray(entry.category as Node[])[0];
    const form = (textOf(content['filing-type']) || textOf(category?.['@_term'])).trim().toUpperCase();
    if (form !== '8-K' && form !== '8-K/A') continue;
    const itemsDesc = textOf(content['items-desc']) || textOf(entry.summary);
    const codes = [...new Set(itemsDesc.match(/\b\d\.\d{2}\b/g) ?? [])];
    const described = codes.map((c) => `Item ${c}: ${SEC_8K_ITEMS[c] ?? 'Other item'}`);
    const headline = codes
      .map((c) => SEC_8K_ITEMS[c])
      .filter((d): d is string => Boolean(d) && !/^Financial Statements/.test(d as string));
    items.push({
      id: textOf(content['accession-number']) || textOf(entry.id) || null,
      title: `${form}${company ? ` ${company}` : ''}: ${headline[0] ?? 'Current report'}`.slice(0, 500),
      url: httpUrl(content['filing-href']) ?? atomLink(entry.link),
      text: [`${company ?? 'The company'} filed an ${form} current report.`, ...described].join(' ').slice(0, MAX_TEXT),
      publishedAt: isoDate(content['filing-date'] ?? entry.updated),
      type: 'news_article',
    });
  }
  return { title: company ? `SEC filings: ${company}` : 'SEC filings', items };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new ParseError('not JSON: the job board answered something else', 'not_json');
  }
}

function job(id: unknown, t: unknown, url: unknown, text: unknown, at: unknown, location: unknown): ParsedItem {
  const where = textOf(location).trim();
  return {
    id: textOf(id) || null,
    title: `${title(t) || 'Untitled role'}${where ? ` (${where.slice(0, 100)})` : ''}`.slice(0, 500),
    url: httpUrl(url),
    text: toPlainText(text),
    publishedAt: isoDate(at),
    type: 'job_posting',
  };
}

/** Greenhouse's job board API: GET boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true → { jobs: [...] }. */
export function parseGreenhouse(body: string): ParsedSource {
  const doc = parseJson(body) as { jobs?: unknown };
  if (!doc || !Array.isArray(doc.jobs))
    throw new ParseError('not a Greenhouse board: no jobs array', 'not_job_board', { board: 'Greenhouse' });
  return {
    title: null,
    items: (doc.jobs as Node[]).slice(0, MAX_ITEMS).map((j) =>
      // Greenhouse sends its HTML entity-escaped.
      job(
        j.id,
        j.title,
        j.absolute_url,
        decodeEntities(textOf(j.content)),
        j.first_published ?? j.updated_at,
        (j.location as Node)?.name,
      ),
    ),
  };
}

/** Lever's postings API: GET api.lever.co/v0/postings/{token}?mode=json → [...]. */
export function parseLever(body: string): ParsedSource {
  const doc = parseJson(body);
  if (!Array.isArray(doc))
    throw new ParseError('not a Lever board: no postings array', 'not_job_board', { board: 'Lever' });
  return {
    title: null,
    items: (doc as Node[])
      .slice(0, MAX_ITEMS)
      .map((j) =>
        job(
          j.id,
          j.text,
          j.hostedUrl,
          j.descriptionPlain ?? j.description,
          j.createdAt,
          (j.categories as Node)?.location,
        ),
      ),
  };
}

/** Ashby's posting API: GET api.ashbyhq.com/posting-api/job-board/{token} → { jobs: [...] }. */
export function parseAshby(body: string): ParsedSource {
  const doc = parseJson(body) as { jobs?: unknown };
  if (!doc || !Array.isArray(doc.jobs))
    throw new ParseError('not an Ashby board: no jobs array', 'not_job_board', { board: 'Ashby' });
  return {
    title: null,
    items: (doc.jobs as Node[])
      .slice(0, MAX_ITEMS)
      .filter((j) => j.isListed !== false)
      .map((j) => job(j.id, j.title, j.jobUrl, j.descriptionPlain ?? j.descriptionHtml, j.publishedAt, j.location)),
  };
}

export function parseSource(kind: SignalSourceKind, body: string): ParsedSource {
  switch (kind) {
    case 'feed':
      return parseFeed(body);
    case 'sec':
      return parseSecAtom(body);
    case 'greenhouse':
      return parseGreenhouse(body);
    case 'lever':
      return parseLever(body);
    case 'ashby':
      return parseAshby(body);
  }
}

export type BoardKind = 'greenhouse' | 'lever' | 'ashby';

/** The job boards' public posting APIs, `{token}` standing for the board name (configurable: SIGNALS_*_API). */
export const DEFAULT_BOARD_APIS: Record<BoardKind, string> = {
  greenhouse: 'https://boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true',
  lever: 'https://api.lever.co/v0/postings/{token}?mode=json',
  ashby: 'https://api.ashbyhq.com/posting-api/job-board/{token}',
};

/** The public API URL of a job board from its board name (token). */
export function boardUrl(kind: BoardKind, token: string, apis: Record<BoardKind, string> = DEFAULT_BOARD_APIS): string {
  return apis[kind].replace('{token}', encodeURIComponent(token));
}

/**
 * The feeds a home page announces: `<link rel="alternate" type="application/rss+xml|atom+xml" href>`,
 * resolved against the page's URL.
 */
export function discoverFeeds(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  for (const tag of html.slice(0, 500_000).match(/<link\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((v) => v !== undefined);
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    const type = (attr('type') ?? '').toLowerCase();
    const href = attr('href');
    if (!rel.includes('alternate') || !href) continue;
    if (!/^application\/(rss|atom|rdf)\+xml$/.test(type)) continue;
    try {
      const url = new URL(decodeEntities(href), pageUrl);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !found.includes(url.toString()))
        found.push(url.toString());
    } catch {
      // An unreadable href is skipped.
    }
  }
  return found.slice(0, 5);
}
