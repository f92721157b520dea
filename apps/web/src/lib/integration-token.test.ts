import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from './auth-store.ts';
import {
  clearIntegrationToken,
  getIntegrationToken,
  integrationTokenExpiry,
  isIntegrationTokenReusable,
} from './integration-token.ts';

/** An unsigned JWT with the given claims: the browser only reads exp. */
const jwt = (claims: object) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

describe('the integration token reuse rule (spec sections 5 and 9)', () => {
  const t0 = Date.parse('2026-11-26T05:00:00Z');

  it('reads exp from the token, and assumes 3600 s after receipt when it has none', () => {
    expect(integrationTokenExpiry(jwt({ exp: t0 / 1000 + 900 }), t0)).toBe(t0 + 900_000);
    expect(integrationTokenExpiry(jwt({ sub: 'u' }), t0)).toBe(t0 + 3_600_000);
    expect(integrationTokenExpiry('not a jwt', t0)).toBe(t0 + 3_600_000);
  });

  it('reuses a token while 300 s or more remain, and not below that', () => {
    const expires = t0 + 3_600_000;
    expect(isIntegrationTokenReusable(expires, expires - 300_000)).toBe(true);
    expect(isIntegrationTokenReusable(expires, expires - 299_999)).toBe(false);
  });

  it('asks /HydraJwtGenerator once, reuses the answer, asks again when fewer than 300 s remain, and forgets it when cleared', async () => {
    let clock = t0;
    const fetchMock = vi.fn(async () =>
      Response.json({ token: jwt({ sub: 'u1', iat: clock / 1000, exp: clock / 1000 + 3600 }) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const now = () => clock;
    const first = await getIntegrationToken('tnt_acme', 'u1', now);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/HydraJwtGenerator');
    expect(JSON.parse(String(init.body))).toEqual({ tenant_id: 'tnt_acme', user_id: 'u1' });
    expect(useAuthStore.getState().integrationUser).toBe('u1');
    clock += 3_300_000; // 300 s left: still reused
    expect(await getIntegrationToken('tnt_acme', 'u1', now)).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    clock += 1000; // 299 s left: refreshed
    await getIntegrationToken('tnt_acme', 'u1', now);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    clearIntegrationToken();
    expect(useAuthStore.getState().integrationUser).toBeNull();
    await getIntegrationToken('tnt_acme', 'u1', now);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    vi.unstubAllGlobals();
  });

  it('throws "Master tenant ID not available" without a master tenant id', async () => {
    await expect(getIntegrationToken(null, 'u1')).rejects.toThrow('Master tenant ID not available');
  });
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('clearIntegrationToken', () => {
  it('removes stored items, session data and cookies naming the connector vendor, and nothing else', () => {
    // A frozen clock: the cookies must be gone even when clearing happens within the millisecond
    // they were set (a "Max-Age=0" expiry is not yet past then, and used to make this test flaky).
    vi.useFakeTimers({ now: new Date('2026-11-22T06:00:00Z'), toFake: ['Date'] });
    localStorage.setItem('hydra_token', 'a');
    localStorage.setItem('x-Hydra-user', 'b');
    localStorage.setItem('theme_preference', 'dark');
    sessionStorage.setItem('hydra.session', 'c');
    sessionStorage.setItem('quarry_analytics_queue', '[]');
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets cookies as a connector would
    document.cookie = 'hydra_auth=1; path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: as above
    document.cookie = 'keep_me=1; path=/';

    clearIntegrationToken();

    expect(localStorage.getItem('hydra_token')).toBeNull();
    expect(localStorage.getItem('x-Hydra-user')).toBeNull();
    expect(localStorage.getItem('theme_preference')).toBe('dark');
    expect(sessionStorage.getItem('hydra.session')).toBeNull();
    expect(sessionStorage.getItem('quarry_analytics_queue')).toBe('[]');
    expect(document.cookie).not.toContain('hydra_auth');
    expect(document.cookie).toContain('keep_me=1');
  });
});
