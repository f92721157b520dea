import { api } from './api-client.ts';

type Token = { token: string; expires_at: number };
let current: Token | null = null;
let pending: Promise<string> | null = null;

/** Reused until a minute before it expires. */
const REFRESH_MARGIN_MS = 60_000;

/** The short-lived identity token (memory only, never stored) that authenticates /AnalyticsRelay. */
export function getIdentityToken({ forceRefresh = false } = {}): Promise<string> {
  if (!forceRefresh && current && current.expires_at - Date.now() > REFRESH_MARGIN_MS) {
    return Promise.resolve(current.token);
  }
  pending ??= api<Token>('/api/session/token')
    .then((t) => {
      current = t;
      return t.token;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The cached token when still valid; page unload cannot wait for a fetch. */
export function cachedIdentityToken(): string | null {
  return current && current.expires_at > Date.now() ? current.token : null;
}

export function clearIdentityToken(): void {
  current = null;
}
