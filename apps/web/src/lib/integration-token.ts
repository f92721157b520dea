import {
  CONNECTOR_VENDOR_NAME,
  INTEGRATION_TOKEN_DEFAULT_EXPIRY_SECONDS,
  INTEGRATION_TOKEN_REFRESH_SECONDS,
} from '@quarry/shared/constants';
import { api } from './api-client.ts';
import { useAuthStore } from './auth-store.ts';

/**
 * The integration token (spec section 3's auth state): held in memory only, like the identity
 * token, so no script reading localStorage finds it; its user is in the auth store.
 */
type IntegrationToken = { token: string; expiresAtMs: number; user: string };
let current: IntegrationToken | null = null;
let pending: Promise<string> | null = null;

/** The JWT's exp claim, read without verifying (the server signed it; the browser only schedules). */
function expClaim(token: string): number | null {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/** When a token expires: its exp claim, or (spec section 9) 3600 s after it was received when it has none. */
export function integrationTokenExpiry(token: string, receivedAtMs: number): number {
  const exp = expClaim(token);
  return exp ? exp * 1000 : receivedAtMs + INTEGRATION_TOKEN_DEFAULT_EXPIRY_SECONDS * 1000;
}

/** Spec section 5 and 9: a token is reused until fewer than 300 seconds remain. */
export function isIntegrationTokenReusable(expiresAtMs: number, nowMs: number): boolean {
  return expiresAtMs - nowMs >= INTEGRATION_TOKEN_REFRESH_SECONDS * 1000;
}

/**
 * The connector's token for the signed-in user (POST /HydraJwtGenerator), reused while it has 300 s
 * or more left. Throws "Master tenant ID not available" without a company configuration's
 * master_tenant_id, and the server's error when the retrieval fails (spec section 8: thrown).
 */
export function getIntegrationToken(
  masterTenantId: string | null | undefined,
  userId: string,
  now: () => number = Date.now,
): Promise<string> {
  if (!masterTenantId) return Promise.reject(new Error('Master tenant ID not available'));
  if (current && current.user === userId && isIntegrationTokenReusable(current.expiresAtMs, now())) {
    return Promise.resolve(current.token);
  }
  pending ??= api<{ token: string }>('/HydraJwtGenerator', {
    method: 'POST',
    body: { tenant_id: masterTenantId, user_id: userId },
  })
    .then(({ token }) => {
      current = { token, expiresAtMs: integrationTokenExpiry(token, now()), user: userId };
      useAuthStore.setState({ integrationUser: userId });
      return token;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

const EXPIRED = new Date(0).toUTCString();

function clearStorage(getStore: () => Storage): void {
  try {
    const store = getStore();
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key?.toLowerCase().includes(CONNECTOR_VENDOR_NAME) ?? false,
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage unavailable: nothing of the connector's can be in it either.
  }
}

/**
 * Spec section 9: clearing the integration token removes stored items, cookies and session data
 * whose names contain the connector vendor's name, so the next user starts with none of it.
 */
export function clearIntegrationToken(): void {
  current = null;
  useAuthStore.getState().clearIntegrationUser();
  clearStorage(() => window.localStorage);
  clearStorage(() => window.sessionStorage);
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    if (!name.toLowerCase().includes(CONNECTOR_VENDOR_NAME)) continue;
    // Expire it at the root, where connectors set theirs, and on this path. The Cookie Store API
    // would be nicer but not every supported browser has it. A date in the past rather than
    // Max-Age=0: "expires now" is not yet expired within the same millisecond in some engines.
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${name}=; expires=${EXPIRED}; path=/`;
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${name}=; expires=${EXPIRED}`;
  }
}
