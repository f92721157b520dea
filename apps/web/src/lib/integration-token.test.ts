import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearIntegrationToken } from './integration-token.ts';

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
