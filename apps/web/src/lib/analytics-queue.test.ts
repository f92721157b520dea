import type { AnalyticsEvent, AnalyticsUserProperties } from '@quarry/shared';
import { STORAGE_KEYS } from '@quarry/shared/constants';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { type AnalyticsQueueDeps, createAnalyticsQueue } from './analytics-queue.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const USER: AnalyticsUserProperties = { email: 'ada@acme.test', user_id: 'user-1', tenant_id: 'tenant-1' };

function makeEvent(n: number, overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    id: `event-${String(n).padStart(6, '0')}`,
    type: 'track',
    event: 'Comment Created',
    properties: {},
    user_properties: USER,
    timestamp: new Date(NOW - HOUR).toISOString(),
    ...overrides,
  };
}

/** An event as callers hand it to enqueue: the queue attaches the user itself. */
function newEvent(n: number): Omit<AnalyticsEvent, 'user_properties'> {
  const { user_properties: _, ...event } = makeEvent(n);
  return event;
}

function memoryStorage(initial: AnalyticsEvent[] = []) {
  const values = new Map<string, string>();
  if (initial.length > 0) values.set(STORAGE_KEYS.analyticsQueue, JSON.stringify(initial));
  return {
    get: (key: string) => values.get(key) ?? null,
    set: (key: string, value: string) => void values.set(key, value),
    queued: (): AnalyticsEvent[] => JSON.parse(values.get(STORAGE_KEYS.analyticsQueue) ?? '[]'),
  };
}

function reply(status: number): Response {
  return { ok: status >= 200 && status < 300, status } as Response;
}

type Setup = Partial<Omit<AnalyticsQueueDeps, 'fetchImpl'>> & {
  queued?: AnalyticsEvent[];
  /** The relay's answer when no fetchImpl is given. */
  status?: number;
  fetchImpl?: Mock<typeof fetch>;
};

function setup({
  queued = [],
  status = 200,
  fetchImpl = vi.fn<typeof fetch>(async () => reply(status)),
  ...deps
}: Setup = {}) {
  const storage = memoryStorage(queued);
  const getToken = vi.fn(async () => 'fresh-token');
  const queue = createAnalyticsQueue({
    getUserProperties: () => USER,
    getToken,
    cachedToken: () => 'cached-token',
    storage,
    fetchImpl,
    now: () => NOW,
    ...deps,
  });
  return { queue, storage, fetchImpl, getToken };
}

function sentBatches(fetchImpl: Mock<typeof fetch>): AnalyticsEvent[][] {
  return fetchImpl.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).events);
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => makeEvent(from + i));

afterEach(() => {
  vi.useRealTimers();
  // Restores happy-dom's own visibilityState getter.
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('createAnalyticsQueue', () => {
  it('stores enqueued events in the given storage with the signed-in user attached', () => {
    const { queue, storage } = setup();
    queue.enqueue(newEvent(1));
    expect(storage.queued()).toEqual([makeEvent(1)]);
    expect(queue.pending()).toBe(1);
  });

  it('keeps only the newest 1000 events when the queue is full', () => {
    const { queue, storage } = setup({ queued: range(0, 1000) });
    for (const n of [1000, 1001, 1002]) queue.enqueue(newEvent(n));
    const ids = storage.queued().map((e) => e.id);
    expect(ids).toHaveLength(1000);
    expect(ids[0]).toBe(makeEvent(3).id);
    expect(ids.at(-1)).toBe(makeEvent(1002).id);
  });

  it('does not send while nobody is signed in', async () => {
    const { queue, fetchImpl } = setup({ queued: range(0, 3), getUserProperties: () => null });
    expect(await queue.flush()).toBe(0);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(queue.pending()).toBe(3);
  });

  it('drops events older than 48 hours or lacking an email, user id or tenant id before sending', async () => {
    const fresh = makeEvent(1);
    const queued = [
      makeEvent(2, { timestamp: new Date(NOW - 49 * HOUR).toISOString() }),
      fresh,
      makeEvent(3, { user_properties: { user_id: 'user-1', tenant_id: 'tenant-1' } }),
      makeEvent(4, { user_properties: { email: 'ada@acme.test', tenant_id: 'tenant-1' } }),
      makeEvent(5, { user_properties: { email: 'ada@acme.test', user_id: 'user-1' } }),
    ];
    const { queue, storage, fetchImpl } = setup({ queued });
    expect(await queue.flush()).toBe(1);
    expect(sentBatches(fetchImpl)).toEqual([[fresh]]);
    expect(storage.queued()).toEqual([]);
  });

  it("sends only the signed-in user's events, keeping another user's of this tab for their own sign-in", async () => {
    const before = makeEvent(1, {
      user_properties: { email: 'raj@acme.test', user_id: 'user-2', tenant_id: 'tenant-1' },
    });
    const mine = makeEvent(2);
    const { queue, storage, fetchImpl } = setup({ queued: [before, mine] });
    expect(await queue.flush()).toBe(1);
    expect(sentBatches(fetchImpl)).toEqual([[mine]]);
    expect(storage.queued()).toEqual([before]);
  });

  it('drops expired events even when the send then fails', async () => {
    const fresh = makeEvent(1);
    const stale = makeEvent(2, { timestamp: new Date(NOW - 49 * HOUR).toISOString() });
    const { queue, storage } = setup({ queued: [stale, fresh], status: 500 });
    await queue.flush();
    expect(storage.queued()).toEqual([fresh]);
  });

  it('keeps the events for a retry when the network fails', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { queue, storage } = setup({ queued: range(0, 3), fetchImpl });
    expect(await queue.flush()).toBe(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(storage.queued()).toEqual(range(0, 3));
  });

  it.each([500, 503, 429, 401])('keeps the events for a retry when the relay answers %i', async (status) => {
    const { queue, storage } = setup({ queued: range(0, 3), status });
    expect(await queue.flush()).toBe(0);
    expect(storage.queued()).toEqual(range(0, 3));
  });

  it.each([400, 403, 413])('drops the events when the relay refuses them with %i', async (status) => {
    const { queue, storage } = setup({ queued: range(0, 3), status });
    expect(await queue.flush()).toBe(3);
    expect(storage.queued()).toEqual([]);
  });

  it('sends with a fresh token to the relay', async () => {
    const { queue, fetchImpl, getToken } = setup({ queued: range(0, 1) });
    await queue.flush();
    expect(getToken).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/AnalyticsRelay');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: false,
      headers: { 'content-type': 'application/json', authorization: 'Bearer fresh-token' },
    });
  });

  it('does not send when no token can be had', async () => {
    const { queue, fetchImpl } = setup({
      queued: range(0, 2),
      getToken: async () => Promise.reject(new Error('offline')),
    });
    expect(await queue.flush()).toBe(0);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(queue.pending()).toBe(2);
  });

  it('removes exactly the sent events and keeps those enqueued during the send', async () => {
    let queue: ReturnType<typeof createAnalyticsQueue> | undefined;
    const late = makeEvent(99);
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      queue?.enqueue(newEvent(99));
      return reply(200);
    });
    const built = setup({ queued: range(0, 3), fetchImpl });
    queue = built.queue;
    expect(await queue.flush()).toBe(3);
    expect(built.storage.queued()).toEqual([late]);
  });

  it('sends at most 500 events per request', async () => {
    const { queue, storage, fetchImpl } = setup({ queued: range(0, 1200) });
    expect(await queue.flush()).toBe(1200);
    expect(sentBatches(fetchImpl).map((batch) => batch.length)).toEqual([500, 500, 200]);
    expect(sentBatches(fetchImpl).flat()).toEqual(range(0, 1200));
    expect(storage.queued()).toEqual([]);
  });

  it('stops at the first failed batch and keeps the rest for a retry', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValueOnce(reply(200)).mockResolvedValue(reply(502));
    const { queue, storage } = setup({ queued: range(0, 1200), fetchImpl });
    expect(await queue.flush()).toBe(500);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(storage.queued()).toEqual(range(500, 700));
  });

  it('does not start a second flush while one is sending', async () => {
    let release: (response: Response) => void = () => {};
    const fetchImpl = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (release = resolve)));
    const { queue } = setup({ queued: range(0, 2), fetchImpl });
    const first = queue.flush();
    expect(await queue.flush()).toBe(0);
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    release(reply(200));
    expect(await first).toBe(2);
  });

  it('on unload sends one keepalive batch with the cached token', async () => {
    const { queue, storage, fetchImpl, getToken } = setup({ queued: range(0, 120) });
    const sent = await queue.flush({ keepalive: true });
    expect(getToken).not.toHaveBeenCalled();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [, init] = fetchImpl.mock.calls[0] ?? [];
    expect(init).toMatchObject({ keepalive: true, headers: { authorization: 'Bearer cached-token' } });
    const [batch = []] = sentBatches(fetchImpl);
    expect(sent).toBe(batch.length);
    expect(batch).toEqual(range(0, batch.length));
    expect(storage.queued()).toEqual(range(batch.length, 120 - batch.length));
  });

  it('on unload does not send without a cached token', async () => {
    const { queue, fetchImpl } = setup({ queued: range(0, 3), cachedToken: () => null });
    expect(await queue.flush({ keepalive: true })).toBe(0);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(queue.pending()).toBe(3);
  });

  it('fetches a token when an event is queued without one, so that a tab hidden next can still send it', async () => {
    let token: string | null = null;
    const getToken = vi.fn(async () => {
      token = 'fetched-token';
      return token;
    });
    const { queue, fetchImpl } = setup({ cachedToken: () => token, getToken });
    queue.enqueue(newEvent(1));
    await vi.waitFor(() => expect(token).toBe('fetched-token'));
    expect(await queue.flush({ keepalive: true })).toBe(1);
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({
      keepalive: true,
      headers: { authorization: 'Bearer fetched-token' },
    });
    queue.enqueue(newEvent(2));
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('once started, sends every 10 seconds, and with keepalive when the tab is hidden or the page unloads', async () => {
    vi.useFakeTimers();
    const { queue, fetchImpl } = setup({ queued: range(0, 2) });
    const stop = queue.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[1]?.keepalive).toBe(false);

    queue.enqueue(newEvent(3));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(queue.pending()).toBe(0));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(fetchImpl.mock.calls[1]?.[1]?.keepalive).toBe(true);

    queue.enqueue(newEvent(4));
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(queue.pending()).toBe(0));
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(fetchImpl.mock.calls[2]?.[1]?.keepalive).toBe(true);

    stop();
    queue.enqueue(newEvent(5));
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });
});
