import { CONNECTOR_VENDOR_NAME } from '@quarry/shared/constants';

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
