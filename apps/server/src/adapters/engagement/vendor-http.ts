import { setTimeout as delay } from 'node:timers/promises';

export type VendorHttpOptions = {
  baseUrl: string;
  /** Headers that authenticate a call, from the credential. */
  authHeaders: (credential: string) => Record<string, string>;
  /** Per attempt, reading the answer included. */
  timeoutMs?: number;
  /** Further attempts after a 429, 5xx, timeout or network error. */
  maxRetries?: number;
  /** No wait is longer than this, whatever Retry-After asks. */
  maxRetryWaitMs?: number;
  retryBaseMs?: number;
  /** At least this long between the starts of two calls: the vendor's rate limit, kept on our side. */
  minIntervalMs?: number;
  /** The media type asked for (Outreach speaks JSON:API, `application/vnd.api+json`). */
  accept?: string;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  fetch?: typeof fetch;
};

/** A vendor's answer: its status and JSON body, or why there was none. */
export type VendorResponse =
  | { ok: true; status: number; body: unknown }
  | { ok: false; status: number | null; body: unknown; detail: string };

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * JSON over HTTP to one vendor: bounded retries honouring 429 and Retry-After, a timeout per
 * attempt, and a minimum gap between calls so a large send stays under the vendor's limit.
 * Details describe the answer, never the request's headers, so no credential reaches a reason.
 */
export function createVendorHttp(options: VendorHttpOptions) {
  const {
    baseUrl,
    authHeaders,
    timeoutMs = 15_000,
    maxRetries = 3,
    maxRetryWaitMs = 30_000,
    retryBaseMs = 500,
    minIntervalMs = 0,
    accept = 'application/json',
    sleep = (ms: number) => delay(ms),
    now = Date.now,
    fetch: doFetch = fetch,
  } = options;
  let nextSlot = 0;

  async function takeSlot(): Promise<void> {
    const at = now();
    const start = Math.max(at, nextSlot);
    nextSlot = start + minIntervalMs;
    if (start > at) await sleep(start - at);
  }

  async function attempt(
    method: string,
    path: string,
    credential: string,
    body: unknown,
    contentType: string,
  ): Promise<VendorResponse & { waitMs: number | null }> {
    await takeSlot();
    try {
      const res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          accept,
          ...(body === undefined ? {} : { 'content-type': contentType }),
          ...authHeaders(credential),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let parsed: unknown = null;
      let isJson = true;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        isJson = false;
      }
      const waitMs = retryAfterMs(res.headers.get('retry-after'), now());
      if (res.ok && isJson) return { ok: true, status: res.status, body: parsed, waitMs };
      const detail = isJson
        ? `HTTP ${res.status}`
        : `HTTP ${res.status}: the answer was not JSON (${(res.headers.get('content-type') ?? 'no type').slice(0, 60)})`;
      return { ok: false, status: res.status, body: parsed, detail, waitMs };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      const detail = name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'the service could not be reached';
      return { ok: false, status: null, body: null, detail, waitMs: null };
    }
  }

  return {
    async request(
      method: string,
      path: string,
      credential: string,
      body?: unknown,
      contentType = 'application/json',
    ): Promise<VendorResponse> {
      for (let tries = 0; ; tries += 1) {
        const { waitMs, ...answer } = await attempt(method, path, credential, body, contentType);
        const retryable = answer.ok ? false : answer.status === null || RETRYABLE.has(answer.status);
        if (!retryable || tries >= maxRetries) return answer;
        await sleep(Math.min(waitMs ?? retryBaseMs * 2 ** tries, maxRetryWaitMs));
      }
    },
  };
}

export type VendorHttp = ReturnType<typeof createVendorHttp>;
