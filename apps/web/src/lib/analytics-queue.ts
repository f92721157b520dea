import type { AnalyticsEvent, AnalyticsUserProperties } from '@quarry/shared';
import { shouldKeepAnalyticsEvent } from '@quarry/shared/analytics-rules';
import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_QUEUE_CAP,
  STORAGE_KEYS,
} from '@quarry/shared/constants';

type Store = { get: (key: string) => string | null; set: (key: string, value: string) => void };

export type AnalyticsQueueDeps = {
  /** Null while nobody is signed in: flushes are skipped then. */
  getUserProperties: () => AnalyticsUserProperties | null;
  getToken: () => Promise<string>;
  /** A token usable without waiting, for page unload. */
  cachedToken: () => string | null;
  storage: Store;
  fetchImpl?: typeof fetch;
  now?: () => number;
};

/**
 * The per-tab analytics queue (spec sections 4 and 9): events wait in sessionStorage, at most 1000,
 * and are sent every 10 s, when the tab is hidden and on unload. A failed send keeps them for retry.
 */
export function createAnalyticsQueue(deps: AnalyticsQueueDeps) {
  const now = deps.now ?? Date.now;
  const doFetch = deps.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let flushing = false;

  function read(): AnalyticsEvent[] {
    try {
      const parsed = JSON.parse(deps.storage.get(STORAGE_KEYS.analyticsQueue) ?? '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }

  function write(events: AnalyticsEvent[]): void {
    deps.storage.set(STORAGE_KEYS.analyticsQueue, JSON.stringify(events));
  }

  function enqueue(event: Omit<AnalyticsEvent, 'user_properties'>): void {
    const user = deps.getUserProperties();
    const events = [...read(), { ...event, user_properties: user ?? {} }];
    // The cap keeps the newest events: the oldest are the least useful and the first to expire.
    write(events.slice(-ANALYTICS_QUEUE_CAP));
    // A tab hidden or closed can only send with a token already in hand (it cannot wait for a
    // fetch). Signing in fetches one; a session restored on page load has none until now.
    if (user && !deps.cachedToken()) void deps.getToken().catch(() => null);
  }

  async function send(
    batch: AnalyticsEvent[],
    token: string,
    keepalive: boolean,
  ): Promise<'sent' | 'refused' | 'failed'> {
    try {
      const response = await doFetch('/AnalyticsRelay', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ events: batch }),
        keepalive,
      });
      if (response.ok) return 'sent';
      // 400/403/413 can never succeed on retry; 401 (token), 408, 429 and 5xx can.
      if ([400, 403, 413, 422].includes(response.status)) return 'refused';
      return 'failed';
    } catch {
      return 'failed';
    }
  }

  /** Sends what is queued; answers how many events left the queue. */
  async function flush({ keepalive = false } = {}): Promise<number> {
    const me = deps.getUserProperties();
    if (flushing || !me) return 0;
    flushing = true;
    try {
      const all = read();
      const kept = all.filter((e) => shouldKeepAnalyticsEvent(e, now()));
      if (kept.length !== all.length) write(kept);
      // The relay refuses a whole batch holding another user's event (someone else signed in
      // earlier in this tab): those wait for their own user's sign-in here, or expire.
      const keep = kept.filter(
        (e) => e.user_properties.user_id === me.user_id && e.user_properties.tenant_id === me.tenant_id,
      );
      if (keep.length === 0) return 0;
      const token = keepalive ? deps.cachedToken() : await deps.getToken().catch(() => null);
      if (!token) return 0;
      let removed = 0;
      // keepalive requests are limited to 64 KB in total, so unload sends one modest batch.
      const size = keepalive ? 50 : ANALYTICS_BATCH_MAX_EVENTS;
      while (removed < keep.length) {
        const batch = keep.slice(removed, removed + size);
        const outcome = await send(batch, token, keepalive);
        if (outcome === 'failed') break;
        removed += batch.length;
        if (keepalive) break;
      }
      if (removed > 0) {
        const sentIds = new Set(keep.slice(0, removed).map((e) => e.id));
        // Events queued while sending stay.
        write(read().filter((e) => !sentIds.has(e.id)));
      }
      return removed;
    } finally {
      flushing = false;
    }
  }

  function start(): () => void {
    const timer = setInterval(() => void flush(), ANALYTICS_FLUSH_INTERVAL_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush({ keepalive: true });
    };
    const onUnload = () => void flush({ keepalive: true });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onUnload);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onUnload);
    };
  }

  return { enqueue, flush, start, pending: () => read().length };
}

export type AnalyticsQueue = ReturnType<typeof createAnalyticsQueue>;
