import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { byteSizeText, type SignalReason } from '@quarry/shared';
import { hostAllowed, isPublicAddress, refuseUrl } from './ssrf-guard.ts';

export type FetchOptions = {
  /** SIGNALS_ALLOWED_HOSTS: hosts fetched even though they resolve to private addresses. */
  allowedHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  /** What a host asks of its callers beyond the defaults (the SEC: a declared User-Agent, a request rate). */
  hostPolicy?: (url: URL) => HostPolicy | undefined;
};

export type HostPolicy = {
  userAgent?: string;
  /** Resolves when the next request to this host may start. */
  pace?: () => Promise<void>;
};

/**
 * Request starts at most `perSecond` a second, in the order asked, for everything in this process
 * that shares the pacer (the SEC's fair-access rule is 10 a second per client, whoever asks).
 */
export function createPacer(perSecond: number, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const gapMs = 1000 / perSecond;
  let next = 0;
  return async function pace(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at > now) await sleep(at - now);
  };
}

/** The host a URL names, or the URL itself when it names none (refused as it is). */
const hostOf = (raw: string) => {
  try {
    return new URL(raw).hostname;
  } catch {
    return raw.slice(0, 100);
  }
};

export type Validators = { etag: string | null; lastModified: string | null };

export type FetchResult =
  | { status: 'not_modified'; url: string }
  | { status: 'ok'; url: string; body: string; contentType: string; etag: string | null; lastModified: string | null };

/** A fetch that failed for a reason shown on the source ("timed out after 10 s", "Quarry reads only public web addresses: …"). */
export class FetchError extends Error {
  /** The same failure as a code and its parameters, which the web says in the reader's language. */
  readonly reason: SignalReason;
  constructor(message: string, reason: SignalReason) {
    super(message);
    this.name = 'FetchError';
    this.reason = reason;
  }
}

/**
 * The DNS lookup every request uses: the addresses a name resolves to are checked before the
 * socket connects, so a public-looking name that answers 127.0.0.1 (or changes its answer between
 * a check and the connection) is refused.
 */
function guardedLookup(url: URL, allowedHosts: readonly string[]): LookupFunction {
  const allowed = hostAllowed(url, allowedHosts);
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !isPublicAddress(a.address));
      if (bad && !allowed) {
        return callback(
          new FetchError(
            `Quarry reads only public web addresses: ${hostname} resolves to ${bad.address}, not a public address`,
            { code: 'address_refused', params: { host: hostname } },
          ),
          '',
          4,
        );
      }
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

/** The charset a response declares (header, else the XML prolog or an HTML meta), utf-8 when none or unknown. */
export function decodeBody(bytes: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /^<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(bytes.subarray(0, 200).toString('latin1'))?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function once(url: URL, validators: Validators, options: FetchOptions, signal: AbortSignal) {
  return new Promise<
    | { kind: 'redirect'; location: string }
    | { kind: 'not_modified' }
    | { kind: 'ok'; bytes: Buffer; contentType: string; etag: string | null; lastModified: string | null }
  >((resolve, reject) => {
    const headers: Record<string, string> = {
      'user-agent': options.hostPolicy?.(url)?.userAgent ?? options.userAgent,
      accept:
        'application/rss+xml, application/atom+xml, application/xml, application/json, text/xml, text/html;q=0.8, */*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
    };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, { method: 'GET', headers, signal, lookup: guardedLookup(url, options.allowedHosts) });
    req.on('error', (err) => reject(err));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        res.resume();
        const location = res.headers.location;
        if (!location)
          return reject(
            new FetchError(`HTTP ${status} without a Location`, {
              code: 'redirect_without_location',
              params: { status },
            }),
          );
        return resolve({ kind: 'redirect', location: new URL(location, url).toString() });
      }
      if (status === 304) {
        res.resume();
        return resolve({ kind: 'not_modified' });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return reject(new FetchError(`HTTP ${status}`, { code: 'http_status', params: { status } }));
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        res.destroy();
        return reject(
          new FetchError(`too large: more than ${byteSizeText(options.maxBytes)}`, {
            code: 'too_large',
            params: { limit: options.maxBytes },
          }),
        );
      }
      const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
      const stream =
        encoding === 'gzip' || encoding === 'x-gzip'
          ? res.pipe(zlib.createGunzip())
          : encoding === 'deflate'
            ? res.pipe(zlib.createInflate())
            : encoding === 'br'
              ? res.pipe(zlib.createBrotliDecompress())
              : res;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          stream.destroy();
          reject(
            new FetchError(`too large: more than ${byteSizeText(options.maxBytes)}`, {
              code: 'too_large',
              params: { limit: options.maxBytes },
            }),
          );
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (err) => reject(err));
      stream.on('end', () =>
        resolve({
          kind: 'ok',
          bytes: Buffer.concat(chunks),
          contentType: String(res.headers['content-type'] ?? ''),
          etag: typeof res.headers.etag === 'string' ? res.headers.etag.slice(0, 500) : null,
          lastModified:
            typeof res.headers['last-modified'] === 'string' ? res.headers['last-modified'].slice(0, 100) : null,
        }),
      );
    });
    req.end();
  });
}

/**
 * GETs a URL for the signal sweep: public addresses only (or the allow-list), a deadline for the
 * whole exchange (a server that never ends is cut off), a size cap (counted after decompression),
 * at most `maxRedirects` redirects each checked like the first URL, conditional on the validators.
 */
export async function fetchSignalUrl(raw: string, validators: Validators, options: FetchOptions): Promise<FetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = raw;
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    const refusal = refuseUrl(current, options.allowedHosts);
    if (refusal) throw new FetchError(refusal, { code: 'address_refused', params: { host: hostOf(current) } });
    const url = new URL(current);
    let answer: Awaited<ReturnType<typeof once>>;
    try {
      await options.hostPolicy?.(url)?.pace?.();
      answer = await once(url, hop === 0 ? validators : { etag: null, lastModified: null }, options, signal);
    } catch (error) {
      if (error instanceof FetchError) throw error;
      const seconds = Math.round(options.timeoutMs / 1000);
      if (signal.aborted)
        throw new FetchError(`timed out after ${seconds} s`, { code: 'timed_out', params: { seconds } });
      const err = error as NodeJS.ErrnoException;
      // The two failures a person can act on, said plainly: a mistyped or gone address, a site
      // that is down. Anything else keeps the system's own code.
      const host = url.hostname;
      if (err.code === 'ENOTFOUND') {
        throw new FetchError(`the site's address could not be found (${host})`, {
          code: 'host_not_found',
          params: { host },
        });
      }
      if (err.code === 'ECONNREFUSED') {
        throw new FetchError(`the site refused the connection (${host})`, {
          code: 'connection_refused',
          params: { host },
        });
      }
      throw new FetchError(err.code ? `${err.code}: ${err.message}` : err.message, {
        code: 'network_error',
        params: { detail: err.code ?? err.message.slice(0, 100) },
      });
    }
    if (answer.kind === 'redirect') {
      current = answer.location;
      continue;
    }
    if (answer.kind === 'not_modified') return { status: 'not_modified', url: current };
    return {
      status: 'ok',
      url: current,
      body: decodeBody(answer.bytes, answer.contentType),
      contentType: answer.contentType,
      etag: answer.etag,
      lastModified: answer.lastModified,
    };
  }
  throw new FetchError(`too many redirects (more than ${options.maxRedirects})`, {
    code: 'too_many_redirects',
    params: { limit: options.maxRedirects },
  });
}
