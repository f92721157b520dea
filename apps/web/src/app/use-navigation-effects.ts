import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAccountListCache } from '../features/accounts/stores/account-list-cache.ts';
import { useAuthStore } from '../features/auth/stores/auth-store.ts';
import { trackPage } from '../lib/analytics.ts';

/**
 * After each navigation: clear the account-list cache unless the previous path was about accounts,
 * and track a page view (with a `source` query as the login source) for a signed-in user.
 */
export function useNavigationEffects(): void {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = location.pathname;
    if (before !== null && !before.toLowerCase().includes('accounts')) useAccountListCache.getState().clear();
    if (!useAuthStore.getState().user) return;
    const source = new URLSearchParams(location.search).get('source');
    trackPage(location.pathname, source ? { login_source: source } : {});
  }, [location.pathname, location.search]);
}
