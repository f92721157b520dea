import crypto from 'node:crypto';
import { SIGNAL_SOURCE_FAILING_AFTER, type SignalSourceKind } from '@quarry/shared';
import type { Insertable } from 'kysely';
import type { Logger } from 'pino';
import { extractArticleText, wordCount } from '../../adapters/signals/article.ts';
import { FetchError, type FetchOptions, fetchSignalUrl } from '../../adapters/signals/fetcher.ts';
import { type ParsedItem, ParseError, parseSource } from '../../adapters/signals/parse.ts';
import type { MasterHitsTable, SignalItemsTable } from '../../db/schema.ts';
import { createAccountNamer } from '../../db/seed/account-names.ts';
import { bitsApart, canonicalUrl, NEAR_DUPLICATE_BITS, NEAR_DUPLICATE_MIN_WORDS, simhash } from './dedupe.ts';
import { signalReasonOf } from './signal-reasons.ts';
import type { SignalItemRow, SignalSourceRow, SignalsRepository, SweepWrite } from './signals.repository.ts';

export const SWEEP_SIGNAL_SOURCES = 'sweep_signal_sources';

/** A source a sweep took is tried again after this long if that sweep never records it. */
const CLAIM_MS = 15 * 60_000;
const MAX_BACKOFF_MS = 24 * 3_600_000;
/** Items first seen this long ago are still candidates for a near-duplicate. */
const DEDUP_WINDOW_MS = 14 * 86_400_000;

export type SweepOptions = {
  fetch: FetchOptions;
  intervalMs: number;
  concurrency: number;
  perHostConcurrency: number;
  /** The pause after each request before the same host's slot is used again (politeness). */
  hostDelayMs?: number;
  /** At most this many sources of one tenant per sweep job; the rest stay due for the next. */
  batchLimit: number;
  /**
   * Article pages read for a feed's new items that carry only a title and a short summary (fewer
   * than `minWords` words): their readable text replaces the summary for matching; a page that
   * cannot be read leaves the summary. Unset: summaries are kept as they are.
   */
  articles?: { maxPerSource: number; minWords: number };
};

export type SweepReport = {
  sources: number;
  fetched: number;
  notModified: number;
  failed: number;
  items: number;
  newSignals: number;
  merged: number;
  unlinked: number;
  hits: number;
  /** Article pages read for summary-only items, and those that could not be (the summary kept). */
  articles: number;
  articlesFailed: number;
  accounts: string[];
};

/** The next fetch after `failures` failures in a row: the interval doubled per failure, at most a day. */
export function backoffMs(intervalMs: number, failures: number): number {
  return Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.max(0, failures - 1));
}

/** The credit a signal shows: its sources' names, in the order they carried it, within master_hits.source. */
function credit(names: string[]): string {
  const text = names.join(' · ');
  return text.length <= 100 ? text : `${text.slice(0, 96)}…`;
}

function hitId(itemId: string, accountId: string): string {
  const id = `sig_${itemId}_${accountId}`;
  return id.length <= 64
    ? id
    : `sig_${itemId}_${crypto.createHash('sha1').update(accountId).digest('hex').slice(0, 24)}`;
}

/**
 * At most `limit` tasks at once overall, and at most `perKey` at once for one key (one host); a
 * host's slot is held `politenessMs` after each request, so no host gets more than
 * perKey / politenessMs requests a second from one sweep.
 */
function createLimiter(limit: number, perKey: number, politenessMs = 0) {
  let running = 0;
  const perHost = new Map<string, number>();
  const waiting: { key: string; start: () => void }[] = [];
  const pump = () => {
    for (let i = 0; i < waiting.length && running < limit; ) {
      const w = waiting[i] as (typeof waiting)[number];
      if ((perHost.get(w.key) ?? 0) < perKey) {
        waiting.splice(i, 1);
        running++;
        perHost.set(w.key, (perHost.get(w.key) ?? 0) + 1);
        w.start();
      } else i++;
    }
  };
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      waiting.push({ key, start: resolve });
      pump();
    });
    try {
      return await task();
    } finally {
      if (politenessMs > 0) await new Promise((resolve) => setTimeout(resolve, politenessMs));
      running--;
      perHost.set(key, (perHost.get(key) ?? 1) - 1);
      pump();
    }
  };
}

type RobotsRules = string[];

/** A page robots.txt keeps Quarry out of. */
const robotsRefusal = (disallowed: string) =>
  new FetchError(`disallowed by robots.txt (${disallowed.slice(0, 100)})`, {
    code: 'robots_disallowed',
    params: { path: disallowed.slice(0, 100) },
  });

/** The Disallow paths that apply to Quarry (its own group, else "*"), from a robots.txt. */
export function parseRobots(text: string, agent = 'quarry'): RobotsRules {
  const groups: { agents: string[]; disallow: string[] }[] = [];
  let current: { agents: string[]; disallow: string[] } | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*/, '').trim();
    const m = /^([\w-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const field = (m[1] as string).toLowerCase();
    const value = (m[2] as string).trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], disallow: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
    } else {
      lastWasAgent = false;
      if (field === 'disallow' && current && value) current.disallow.push(value);
    }
  }
  const own = groups.find((g) => g.agents.some((a) => a !== '*' && agent.includes(a)));
  return (own ?? groups.find((g) => g.agents.includes('*')))?.disallow ?? [];
}

/**
 * The hourly sweep of one tenant's due sources: fetch (conditional, guarded), parse, deduplicate
 * by canonical URL and near-duplicate text, link to accounts, write signals as master_hits rows
 * crediting their sources, and record each source's health. Never throws for one bad source.
 */
export function createSignalSweep(deps: {
  signals: SignalsRepository;
  options: SweepOptions;
  log: Pick<Logger, 'info' | 'warn'>;
  clock?: () => Date;
}) {
  const { signals, options, log } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function sweepTenant(tenantId: string): Promise<SweepReport> {
    const now = clock();
    const nowIso = now.toISOString();
    // A time of this sweep's own (a random millisecond) marks the sources it took.
    const until = new Date(now.getTime() + CLAIM_MS + crypto.randomInt(1, 60_000)).toISOString();
    const due = await signals.claimDue(tenantId, nowIso, until, options.batchLimit);
    const report: SweepReport = {
      sources: due.length,
      fetched: 0,
      notModified: 0,
      failed: 0,
      items: 0,
      newSignals: 0,
      merged: 0,
      unlinked: 0,
      hits: 0,
      articles: 0,
      articlesFailed: 0,
      accounts: [],
    };
    if (due.length === 0) return report;

    // What this sweep deduplicates against: the tenant's own items of the last two weeks, by URL and
    // by account (another tenant's story is never merged with this one's, nor credits its sources).
    const since = new Date(now.getTime() - DEDUP_WINDOW_MS).toISOString();
    const recent = await signals.recentItems(tenantId, since);
    const byUrl = new Map<string, SignalItemState>();
    const byAccount = new Map<string, SignalItemState[]>();
    const states = new Map<string, SignalItemState>();
    const remember = (state: SignalItemState) => {
      states.set(state.id, state);
      if (state.canonicalUrl) byUrl.set(state.canonicalUrl, state);
      for (const a of state.accounts) {
        const list = byAccount.get(a) ?? [];
        list.push(state);
        byAccount.set(a, list);
      }
    };
    for (const row of recent) {
      remember(stateOf(row));
    }
    // A story merged from another link is found again by that link, not only by its text.
    for (const link of await signals.recentLinks(tenantId, since)) {
      const canonical = canonicalUrl(link.url);
      const state = states.get(link.item_id);
      if (canonical && state && !byUrl.has(canonical)) byUrl.set(canonical, state);
    }
    let namer: ((title: string, text: string) => string[]) | null = null;
    const nameAccounts = async (title: string, text: string) => {
      namer ??= createAccountNamer(await signals.accountNames(tenantId));
      return namer(title, text);
    };
    // The reference signals (Wikinews) of the accounts this sweep links to, read once per account.
    const references = new Map<string, Promise<ReferenceHit[]>>();
    const referencesOf = (accountId: string) => {
      let list = references.get(accountId);
      if (!list) {
        list = signals.referenceHits(accountId, NEAR_DUPLICATE_CANDIDATES).then((rows) =>
          rows.map((r) => {
            const [hi, lo] = halves(simhash(`${r.title} ${r.text}`));
            return { id: r.id, source: r.source, text: r.text, canonicalUrl: canonicalUrl(r.url), hi, lo };
          }),
        );
        references.set(accountId, list);
      }
      return list;
    };
    /** The reference signal a new story of this tenant repeats (same canonical URL, or near-duplicate text). */
    const repeatedReference = async (accounts: string[], canonical: string | null, hash: string, nearOk: boolean) => {
      const [hi, lo] = halves(hash);
      for (const a of accounts) {
        for (const ref of await referencesOf(a)) {
          if (canonical && ref.canonicalUrl === canonical) return ref;
          if (nearOk && bitsApart(ref.hi, ref.lo, hi, lo) <= NEAR_DUPLICATE_BITS) return ref;
        }
      }
      return undefined;
    };
    const robots = new Map<string, Promise<RobotsRules>>();
    const robotsFor = (url: URL) => {
      let rules = robots.get(url.origin);
      if (!rules) {
        rules = fetchSignalUrl(
          `${url.origin}/robots.txt`,
          { etag: null, lastModified: null },
          {
            ...options.fetch,
            maxBytes: 256 * 1024,
            timeoutMs: Math.min(options.fetch.timeoutMs, 5_000),
          },
        ).then(
          (r) => (r.status === 'ok' ? parseRobots(r.body) : []),
          () => [],
        );
        robots.set(url.origin, rules);
      }
      return rules;
    };
    const affected = new Set<string>();
    const limiter = createLimiter(options.concurrency, options.perHostConcurrency, options.hostDelayMs ?? 0);
    // Deduplication runs one source at a time (it must see the previous source's items), in
    // memory; the writes it yields are queued and committed many sources to a transaction.
    let deduping: Promise<unknown> = Promise.resolve();
    const queue: SweepWrite[] = [];
    let flushing: Promise<void> | null = null;
    const flush = (): Promise<void> => {
      flushing ??= (async () => {
        try {
          while (queue.length > 0) await signals.writeBatches(tenantId, queue.splice(0, 500));
        } finally {
          flushing = null;
        }
      })();
      return flushing;
    };
    const enqueue = (write: SweepWrite) => {
      queue.push(write);
      void flush().catch((err) => log.warn({ err, tenantId }, 'signal sweep: a write failed'));
    };

    async function handle(source: SignalSourceRow): Promise<void> {
      let host = 'invalid';
      try {
        host = new URL(source.url).host;
      } catch {
        // refused below with its reason
      }
      let fetched: Awaited<ReturnType<typeof fetchSignalUrl>>;
      let parsed: ParsedItem[] = [];
      let title: string | null = null;
      try {
        fetched = await limiter(host, async () => {
          const url = new URL(source.url);
          const disallowed = (await robotsFor(url)).find((p) => (url.pathname + url.search).startsWith(p));
          if (disallowed) throw robotsRefusal(disallowed);
          return fetchSignalUrl(source.url, { etag: source.etag, lastModified: source.last_modified }, options.fetch);
        });
        if (fetched.status === 'ok') {
          const result = parseSource(source.kind as SignalSourceKind, fetched.body);
          parsed = result.items;
          title = result.title;
        }
      } catch (error) {
        const reason =
          error instanceof FetchError || error instanceof ParseError
            ? error.message
            : `failed: ${String((error as Error)?.message ?? error)}`;
        const coded = signalReasonOf(error);
        const failures = source.failure_count + 1;
        report.failed++;
        enqueue({
          sourceId: source.id,
          sourceChanges: {
            // One failed read leaves the source active, its error shown; failing only after several in a row.
            status: failures >= SIGNAL_SOURCE_FAILING_AFTER || source.status === 'failing' ? 'failing' : 'active',
            failure_count: failures,
            last_error: reason.slice(0, 1000),
            last_error_reason: JSON.stringify(coded),
            last_fetch_at: nowIso,
            fetch_count: source.fetch_count + 1,
            next_fetch_at: new Date(now.getTime() + backoffMs(options.intervalMs, failures)).toISOString(),
            updated_at: nowIso,
          },
        });
        return;
      }
      const next = new Date(now.getTime() + options.intervalMs).toISOString();
      const healthy = {
        status: 'active',
        failure_count: 0,
        last_error: null,
        last_error_reason: null,
        last_fetch_at: nowIso,
        last_success_at: nowIso,
        fetch_count: source.fetch_count + 1,
        next_fetch_at: next,
        updated_at: nowIso,
      };
      if (fetched.status === 'not_modified') {
        report.notModified++;
        enqueue({
          sourceId: source.id,
          sourceChanges: { ...healthy, not_modified_count: source.not_modified_count + 1, last_items_found: 0 },
        });
        return;
      }
      if (source.kind === 'feed' && options.articles) parsed = await withArticles(parsed, options.articles);
      report.fetched++;
      report.items += parsed.length;
      const validators = { etag: fetched.etag, last_modified: fetched.lastModified };
      // A source nobody named (its URL or host stands for a name) takes the feed's own title: a
      // credit "Walmart newsroom · 127.0.0.1:4411" named no one a reader knows.
      const unnamed = source.name === source.url || source.name === new URL(source.url).host;
      const name = title && unnamed ? title.slice(0, 200) : source.name;
      const task = deduping.then(async () => {
        const { found, write } = await dedupeItems(source, name, parsed, nowIso);
        enqueue({
          ...write,
          sourceId: source.id,
          sourceChanges: {
            ...healthy,
            ...validators,
            name,
            items_found: source.items_found + found,
            last_items_found: found,
          },
        });
      });
      deduping = task.catch(() => undefined);
      await task;
    }

    /** A page through the same guard, robots.txt and per-host politeness as the feeds. */
    function fetchPolitely(raw: string, fetchOptions: FetchOptions) {
      const url = new URL(raw);
      return limiter(url.host, async () => {
        const disallowed = (await robotsFor(url)).find((p) => (url.pathname + url.search).startsWith(p));
        if (disallowed) throw robotsRefusal(disallowed);
        return fetchSignalUrl(raw, { etag: null, lastModified: null }, fetchOptions);
      });
    }

    /**
     * A feed's items with the readable text of their article pages where the feed gave only a
     * summary, for items this tenant has not seen yet (a known story is not read again each hour).
     */
    async function withArticles(items: ParsedItem[], limits: { maxPerSource: number; minWords: number }) {
      const summaryOnly = items.filter(
        (i) => i.url && wordCount(i.text) < limits.minWords && !byUrl.has(canonicalUrl(i.url) ?? ''),
      );
      if (summaryOnly.length === 0) return items;
      const urls = summaryOnly.map((i) => canonicalUrl(i.url)).filter((u): u is string => u !== null);
      const known = new Set((await signals.itemsByUrl(tenantId, [...new Set(urls)])).map((r) => r.canonical_url));
      const wanted = summaryOnly.filter((i) => !known.has(canonicalUrl(i.url))).slice(0, limits.maxPerSource);
      const pageOptions = { ...options.fetch, maxBytes: Math.min(options.fetch.maxBytes, 2 * 1024 * 1024) };
      const texts = new Map<ParsedItem, string>();
      await Promise.all(
        wanted.map(async (item) => {
          try {
            const page = await fetchPolitely(item.url as string, pageOptions);
            const html = page.status === 'ok' && /html/i.test(page.contentType) ? page.body : '';
            const text = html ? extractArticleText(html) : null;
            if (text && wordCount(text) > wordCount(item.text)) {
              texts.set(item, text);
              report.articles++;
            } else report.articlesFailed++;
          } catch {
            // The page could not be read (refused, too large, timed out, robots.txt): the summary stays.
            report.articlesFailed++;
          }
        }),
      );
      return items.map((item) => {
        const text = texts.get(item);
        return text ? { ...item, text } : item;
      });
    }

    /** Dedup and link one source's items; answers how many were new to this source, and what to write. */
    async function dedupeItems(source: SignalSourceRow, sourceName: string, items: ParsedItem[], seenAt: string) {
      const newItems: Insertable<SignalItemsTable>[] = [];
      const itemSources: { item_id: string; source_id: string; url: string | null; seen_at: string }[] = [];
      const touched = new Map<string, { state: SignalItemState; creditChanged: boolean }>();
      const hits: Insertable<MasterHitsTable>[] = [];
      const referenceRepeats: { hit_id: string; item_id: string }[] = [];
      // A story repeating a reference signal keeps the longer text of the two for matching.
      const repeatedText = new Map<string, string>();
      const urls = items.map((i) => canonicalUrl(i.url)).filter((u): u is string => u !== null && !byUrl.has(u));
      for (const row of await signals.itemsByUrl(tenantId, [...new Set(urls)])) {
        if (!states.has(row.id)) remember(stateOf(row));
      }
      let found = 0;
      for (const item of items) {
        if (!item.title && !item.text) continue;
        const canonical = canonicalUrl(item.url);
        const body = `${item.title} ${item.text}`;
        const hash = simhash(body);
        const accounts = source.master_account_id
          ? [source.master_account_id]
          : await nameAccounts(item.title, item.text);
        if (accounts.length === 0) {
          report.unlinked++;
          continue;
        }
        let state = canonical ? byUrl.get(canonical) : undefined;
        const nearOk = (body.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) >= NEAR_DUPLICATE_MIN_WORDS;
        if (!state && nearOk) {
          const [hi, lo] = halves(hash);
          for (const a of accounts) {
            const list = byAccount.get(a) ?? [];
            // The account's newest stories only: a story is repeated within days, not among thousands.
            for (let k = list.length - 1; k >= 0 && k >= list.length - NEAR_DUPLICATE_CANDIDATES; k--) {
              const candidate = list[k] as SignalItemState;
              if (bitsApart(candidate.hi, candidate.lo, hi, lo) <= NEAR_DUPLICATE_BITS) {
                state = candidate;
                break;
              }
            }
            if (state) break;
          }
        }
        if (!state) {
          const id = crypto.randomBytes(6).toString('hex');
          const [hi, lo] = halves(hash);
          // The same story as a reference signal (Wikinews): this tenant sees it once, as its own, crediting both.
          const reference = await repeatedReference(accounts, canonical, hash, nearOk);
          const names = reference && reference.source !== sourceName ? [reference.source, sourceName] : [sourceName];
          if (reference) {
            referenceRepeats.push({ hit_id: reference.id, item_id: id });
            if (reference.text.length > item.text.length) repeatedText.set(id, reference.text);
          }
          state = { id, canonicalUrl: canonical, simhash: hash, hi, lo, names, accounts: new Set() };
          newItems.push({
            id,
            canonical_url: canonical,
            simhash: hash,
            title: item.title.slice(0, 500) || item.text.slice(0, 120),
            published_at: item.publishedAt ?? seenAt,
            source_names: JSON.stringify(names),
            account_ids: '[]',
            created_at: seenAt,
          });
          remember(state);
          report.newSignals++;
          found++;
        } else {
          // The credit names the first sources (signal_item_sources keeps every one).
          const known = state.names.includes(sourceName) || state.names.length >= MAX_CREDITED_SOURCES;
          if (!known) {
            state.names.push(sourceName);
            touched.set(state.id, { state, creditChanged: true });
            report.merged++;
            found++;
          }
        }
        if (canonical && !byUrl.has(canonical)) byUrl.set(canonical, state);
        itemSources.push({ item_id: state.id, source_id: source.id, url: item.url, seen_at: seenAt });
        // Hits for accounts this item is not yet linked to (a merged story may name one more).
        const candidates = accounts.filter((a) => !state.accounts.has(a));
        if (candidates.length > 0 && !touched.has(state.id)) touched.set(state.id, { state, creditChanged: false });
        for (const accountId of candidates) {
          state.accounts.add(accountId);
          const list = byAccount.get(accountId) ?? [];
          list.push(state);
          byAccount.set(accountId, list);
          const id = hitId(state.id, accountId);
          hits.push({
            id,
            master_account_id: accountId,
            type: item.type,
            title: (item.title || item.text.slice(0, 120)).slice(0, 500),
            text: repeatedText.get(state.id) ?? (item.text || item.title),
            url: item.url,
            source: credit(state.names),
            published_at: item.publishedAt ?? seenAt,
          });
          affected.add(accountId);
        }
      }
      report.hits += hits.length;
      for (const row of newItems) {
        const state = states.get(row.id) as SignalItemState;
        row.account_ids = JSON.stringify([...state.accounts]);
        row.source_names = JSON.stringify(state.names);
        touched.delete(row.id);
      }
      // Earlier items seen again: more sources credited, or more accounts linked.
      const itemUpdates = [...touched.values()].map(({ state, creditChanged }) => ({
        itemId: state.id,
        names: JSON.stringify(state.names),
        accountIds: JSON.stringify([...state.accounts]),
        credit: creditChanged ? credit(state.names) : null,
        hitIds: [...state.accounts].map((a) => hitId(state.id, a)),
      }));
      return {
        found,
        write: { newItems, itemSources: dedupeLinks(itemSources), itemUpdates, hits, referenceRepeats },
      };
    }

    await Promise.all(due.map((source) => handle(source)));
    await deduping;
    while (queue.length > 0 || flushing) await flush();
    report.accounts = [...affected].sort();
    log.info(
      { tenantId, ...report, accounts: report.accounts.length },
      `signal sweep: ${report.sources} sources, ${report.newSignals} new signals, ${report.failed} failed`,
    );
    return report;
  }

  return { sweepTenant };
}

/** A reference signal (owner null) of an account, as a tenant's new story is compared with it. */
type ReferenceHit = { id: string; source: string; text: string; canonicalUrl: string | null; hi: number; lo: number };

type SignalItemState = {
  id: string;
  canonicalUrl: string | null;
  simhash: string;
  hi: number;
  lo: number;
  names: string[];
  accounts: Set<string>;
};

/** A signal credits at most this many sources by name. */
const MAX_CREDITED_SOURCES = 10;

/** Near-duplicates are looked for among this many of an account's newest stories. */
const NEAR_DUPLICATE_CANDIDATES = 2_000;

function halves(hash: string): [number, number] {
  return [Number.parseInt(hash.slice(0, 8), 16), Number.parseInt(hash.slice(8), 16)];
}

function stateOf(row: SignalItemRow): SignalItemState {
  const [hi, lo] = halves(row.simhash);
  return {
    id: row.id,
    canonicalUrl: row.canonical_url,
    simhash: row.simhash,
    hi,
    lo,
    names: parseNames(row.source_names),
    accounts: new Set(parseNames(row.account_ids)),
  };
}

function parseNames(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

function dedupeLinks<T extends { item_id: string; source_id: string }>(links: T[]): T[] {
  const seen = new Set<string>();
  return links.filter((l) => {
    const key = `${l.item_id}|${l.source_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type SignalSweep = ReturnType<typeof createSignalSweep>;
