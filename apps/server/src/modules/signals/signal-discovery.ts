import type { SignalReason, SignalSourceKind } from '@quarry/shared';
import type { Logger } from 'pino';
import { findCareersPages, findJobBoards } from '../../adapters/signals/discover.ts';
import { type FetchOptions, fetchSignalUrl } from '../../adapters/signals/fetcher.ts';
import { type BoardKind, boardUrl, discoverFeeds, parseSource } from '../../adapters/signals/parse.ts';
import { matchSecCompany, secFilingsFeedUrl } from '../../adapters/signals/sec.ts';
import { refuseUrl } from '../../adapters/signals/ssrf-guard.ts';
import type { SecDirectory } from './sec-directory.ts';
import { signalReasonOf, type Why, why } from './signal-reasons.ts';
import type { SignalsRepository } from './signals.repository.ts';

export const DISCOVER_SIGNAL_SOURCES = 'discover_signal_sources';

/** An account is looked at again after this long (its site may have gained a feed or a board). */
const RECHECK_MS = 30 * 86_400_000;
/**
 * …or after a day when the SEC's company list could not be read (not sooner: the account's site
 * is read again with it, and an SEC outage must not turn the monthly crawl into an hourly one).
 */
const RETRY_MS = 86_400_000;
/** Accounts looked at per job; a job that found more queues the next. */
const BATCH = 50;
/** Home pages and careers pages read at once. */
const CONCURRENCY = 4;

export type NewSource = {
  kind: SignalSourceKind;
  url: string;
  board_token: string | null;
  name: string;
  master_account_id: string | null;
  discovered: boolean;
};

type Account = { master_account_id: string; account_name: string; website: string | null };

/**
 * Automatic discovery of signal sources (issue #18): for an account with a website, the feeds its
 * home page announces (`<link rel="alternate">`), and the Greenhouse, Lever or Ashby board its home
 * page or careers page links to or embeds (the board is read once to be sure it answers). Every
 * request goes through the SSRF-guarded fetcher. SEC filing feeds are not discovered: accounts
 * carry no CIK or ticker to find them by.
 */
export function createSignalDiscovery(deps: {
  signals: SignalsRepository;
  fetchOptions: FetchOptions;
  boardApis: Record<BoardKind, string>;
  insert: (tenantId: string, source: NewSource) => Promise<unknown>;
  log: Pick<Logger, 'info' | 'warn'>;
  /** SEC filings: the company list, and where EDGAR answers (read at each use). */
  sec?: { directory: SecDirectory; config: { baseUrl: string } };
  clock?: () => Date;
}) {
  const { signals, fetchOptions, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const pageOptions = { ...fetchOptions, maxBytes: Math.min(fetchOptions.maxBytes, 2 * 1024 * 1024) };

  const fetchPage = (url: string) => fetchSignalUrl(url, { etag: null, lastModified: null }, pageOptions);
  const allowed = (url: string) => refuseUrl(url, fetchOptions.allowedHosts) === null;

  /** The board answers as its kind's API does (a wrong guess of a board name answers 404). */
  async function boardAnswers(kind: BoardKind, url: string): Promise<boolean> {
    try {
      const page = await fetchSignalUrl(url, { etag: null, lastModified: null }, fetchOptions);
      if (page.status !== 'ok') return false;
      parseSource(kind, page.body);
      return true;
    } catch {
      return false;
    }
  }

  /** The feeds and job boards an account's site offers; the reason when none. */
  async function fromWebsite(account: Account): Promise<{ candidates: NewSource[]; why: Why | null }> {
    if (!account.website) return { candidates: [], why: why('The account has no website', 'no_website') };
    const home = /^https?:\/\//i.test(account.website) ? account.website : `https://${account.website}`;
    let page: Awaited<ReturnType<typeof fetchPage>>;
    try {
      page = await fetchPage(home);
    } catch (error) {
      // The cause is said in the reader's language too: its code, with its own parameters.
      const cause = signalReasonOf(error);
      return {
        candidates: [],
        why: why(`The home page could not be read: ${(error as Error).message}`, 'home_page_unreadable', {
          ...cause.params,
          cause: cause.code,
        }),
      };
    }
    if (page.status !== 'ok')
      return { candidates: [], why: why('The home page did not answer', 'home_page_no_answer') };
    const candidates: NewSource[] = discoverFeeds(page.body, page.url)
      .filter(allowed)
      .map((url) => ({
        kind: 'feed',
        url,
        board_token: null,
        name: url,
        master_account_id: account.master_account_id,
        discovered: true,
      }));
    let boards = findJobBoards(page.body, page.url);
    if (boards.length === 0) {
      for (const careers of findCareersPages(page.body, page.url).filter(allowed)) {
        try {
          const found = await fetchPage(careers);
          if (found.status === 'ok') boards = findJobBoards(found.body, found.url);
        } catch {
          // A careers page that does not answer: no board from it.
        }
        if (boards.length > 0) break;
      }
    }
    for (const board of boards) {
      const url = boardUrl(board.kind, board.token, deps.boardApis);
      if (!allowed(url) || !(await boardAnswers(board.kind, url))) continue;
      candidates.push({
        kind: board.kind,
        url,
        board_token: board.token,
        name: `${account.account_name}: ${board.kind} ${board.token}`.slice(0, 200),
        master_account_id: account.master_account_id,
        discovered: true,
      });
    }
    return {
      candidates,
      why:
        candidates.length === 0 ? why('The site announces no feed and links to no job board', 'no_feed_found') : null,
    };
  }

  /**
   * The 8-K filings feed of the US public company the account is, found in the SEC's company list
   * by its name (or website domain); `unavailable` when the list could not be read at all.
   */
  async function fromSec(
    account: Account,
  ): Promise<{ candidate: NewSource | null; why: Why | null; unavailable: boolean }> {
    if (!deps.sec) {
      return { candidate: null, why: why('SEC filings are not looked for', 'sec_not_looked_for'), unavailable: false };
    }
    const directory = await deps.sec.directory.index();
    if (!directory.index) {
      return { candidate: null, why: why(directory.error, 'sec_list_unreadable'), unavailable: true };
    }
    const match = matchSecCompany(directory.index, account);
    if (!match.company) return { candidate: null, why: why(match.reason, match.code), unavailable: false };
    const { cik, ticker, title } = match.company;
    const url = secFilingsFeedUrl(deps.sec.config.baseUrl, cik);
    if (!allowed(url)) {
      return { candidate: null, why: why('The SEC address is refused', 'sec_address_refused'), unavailable: false };
    }
    return {
      candidate: {
        kind: 'sec',
        url,
        board_token: null,
        name: `SEC 8-K filings: ${title}${ticker ? ` (${ticker})` : ''}`.slice(0, 200),
        master_account_id: account.master_account_id,
        discovered: true,
      },
      why: null,
      unavailable: false,
    };
  }

  /**
   * What an account's site and the SEC offer, as new sources of the tenant (none it has or
   * dismissed). `retrySoon` when the SEC list could not be read: the account is looked at again
   * the next day rather than in a month.
   */
  async function discoverAccount(
    tenantId: string,
    account: Account,
  ): Promise<{ added: number; reason: string | null; reasons: SignalReason[]; retrySoon: boolean }> {
    const [web, sec] = await Promise.all([fromWebsite(account), fromSec(account)]);
    const candidates = sec.candidate ? [...web.candidates, sec.candidate] : web.candidates;
    const dismissed = await signals.dismissed(
      tenantId,
      candidates.map((c) => c.url),
    );
    let added = 0;
    for (const source of candidates) {
      if (dismissed.has(source.url) || (await signals.findByUrl(tenantId, source.url))) continue;
      if (await deps.insert(tenantId, source)) added++;
    }
    const whys = [
      ...(candidates.length === 0 && web.why ? [web.why] : []),
      ...((candidates.length === 0 || sec.unavailable) && sec.why ? [sec.why] : []),
    ];
    return {
      added,
      reason: whys.length > 0 ? whys.map((w) => w.text).join('. ') : null,
      reasons: whys.map((w) => w.reason),
      retrySoon: sec.unavailable,
    };
  }

  /** The job: the tenant's accounts not looked at for a month, a batch at a time. Answers whether more remain. */
  /** When an account counts as looked at: now, or (to look again the next day) a month less a day ago. */
  const checkedAt = (retrySoon: boolean) =>
    new Date(clock().getTime() - (retrySoon ? RECHECK_MS - RETRY_MS : 0)).toISOString();

  async function runJob(tenantId: string): Promise<{ accounts: number; added: number; more: boolean }> {
    const now = clock();
    const before = new Date(now.getTime() - RECHECK_MS).toISOString();
    const accounts = await signals.accountsToDiscover(tenantId, before, BATCH);
    let added = 0;
    let next = 0;
    const worker = async () => {
      while (next < accounts.length) {
        const account = accounts[next++] as (typeof accounts)[number];
        const result = await discoverAccount(tenantId, account).catch(
          (error: Error): Awaited<ReturnType<typeof discoverAccount>> => ({
            added: 0,
            reason: `failed: ${error.message}`,
            reasons: [signalReasonOf(error)],
            retrySoon: true,
          }),
        );
        added += result.added;
        await signals.recordDiscovery(
          tenantId,
          account.master_account_id,
          checkedAt(result.retrySoon),
          result.added,
          result.reason?.slice(0, 500) ?? null,
          result.reasons,
        );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    log.info({ tenantId, accounts: accounts.length, added }, `signal discovery: ${added} sources added`);
    return { accounts: accounts.length, added, more: accounts.length === BATCH };
  }

  return { discoverAccount, runJob, checkedAt };
}

export type SignalDiscovery = ReturnType<typeof createSignalDiscovery>;
