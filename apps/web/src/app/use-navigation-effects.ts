import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPage } from '../lib/analytics.ts';
import { useAuthStore } from '../lib/auth-store.ts';

/**
 * After each navigation, track a page view (with a `source` query as the login source) for a
 * signed-in user. The account-list cache rule runs in the router itself: followAccountListCacheRule.
 */
export function useNavigationEffects(): void {
  const location = useLocation();
  useEffect(() => {
    if (!useAuthStore.getState().user) return;
    const source = new URLSearchParams(location.search).get('source');
    trackPage(location.pathname, source ? { login_source: source } : {});
  }, [location.pathname, location.search]);
}
