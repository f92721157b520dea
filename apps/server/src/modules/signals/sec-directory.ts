import { type FetchOptions, fetchSignalUrl } from '../../adapters/signals/fetcher.ts';
import { companyTickersUrl, parseCompanyTickers, type SecIndex } from '../../adapters/signals/sec.ts';
import type { SignalsRepository } from './signals.repository.ts';

const FILE = 'sec_company_tickers';
/** The SEC's company list is read again at most daily (conditionally, with its ETag and Last-Modified)… */
const REFRESH_MS = 86_400_000;
/** …or, after a failed read, not before this long (each account of a discovery batch would ask again). */
const RETRY_MS = 10 * 60_000;

export type SecDirectoryAnswer = { index: SecIndex; error: null } | { index: null; error: string };

/**
 * EDGAR's company list (company_tickers.json), kept in signal_reference_files for every tenant and
 * process alike, and parsed once per process per version. A failed read keeps the last good copy in
 * use; with none, the answer is the reason, which discovery records as the account's outcome.
 */
export function createSecDirectory(deps: {
  signals: SignalsRepository;
  fetchOptions: FetchOptions;
  /** Read at each use: the base URL may change (tests point it at a closed port). */
  sec: { baseUrl: string };
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  let parsed: { url: string; fetchedAt: string; index: SecIndex } | null = null;
  let pending: Promise<SecDirectoryAnswer> | null = null;

  async function refresh(url: string): Promise<void> {
    const row = await deps.signals.referenceFile(FILE);
    const now = clock();
    const sameUrl = row?.url === url;
    const waitMs = row?.last_error ? RETRY_MS : REFRESH_MS;
    if (row && sameUrl && now.getTime() - Date.parse(row.attempted_at) < waitMs) return;
    const base = { name: FILE, url, attempted_at: now.toISOString() };
    try {
      const answer = await fetchSignalUrl(
        url,
        sameUrl && row?.fetched_at
          ? { etag: row.etag, lastModified: row.last_modified }
          : { etag: null, lastModified: null },
        // The list is about 1 MB; allow it whatever the feeds' cap.
        { ...deps.fetchOptions, maxBytes: Math.max(deps.fetchOptions.maxBytes, 16 * 1024 * 1024) },
      );
      if (answer.status === 'not_modified') {
        await deps.signals.saveReferenceFile({
          ...base,
          etag: row?.etag ?? null,
          last_modified: row?.last_modified ?? null,
          fetched_at: row?.fetched_at ?? null,
          last_error: null,
        });
        return;
      }
      parseCompanyTickers(answer.body);
      await deps.signals.saveReferenceFile({
        ...base,
        etag: answer.etag,
        last_modified: answer.lastModified,
        fetched_at: now.toISOString(),
        body: answer.body,
        last_error: null,
      });
    } catch (error) {
      const reason = (error as Error).message || String(error);
      await deps.signals.saveReferenceFile(
        sameUrl
          ? {
              ...base,
              etag: row?.etag ?? null,
              last_modified: row?.last_modified ?? null,
              fetched_at: row?.fetched_at ?? null,
              last_error: reason.slice(0, 1000),
            }
          : {
              ...base,
              etag: null,
              last_modified: null,
              fetched_at: null,
              body: null,
              last_error: reason.slice(0, 1000),
            },
      );
    }
  }

  async function load(): Promise<SecDirectoryAnswer> {
    const url = companyTickersUrl(deps.sec.baseUrl);
    await refresh(url);
    const row = await deps.signals.referenceFile(FILE);
    if (!row || row.url !== url || !row.fetched_at) {
      return {
        index: null,
        error: `The SEC company list could not be read (${url}): ${row?.last_error ?? 'not read yet'}`,
      };
    }
    if (parsed?.url !== url || parsed.fetchedAt !== row.fetched_at) {
      const body = await deps.signals.referenceFileBody(FILE);
      if (!body) return { index: null, error: `The SEC company list could not be read (${url}): empty` };
      parsed = { url, fetchedAt: row.fetched_at, index: parseCompanyTickers(body) };
    }
    return { index: parsed.index, error: null };
  }

  return {
    /** The company list, read first if a day has passed; one read at a time in this process. */
    index(): Promise<SecDirectoryAnswer> {
      pending ??= load().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

export type SecDirectory = ReturnType<typeof createSecDirectory>;
