import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { trackPage } from '../lib/analytics.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { NOT_FOUND_PAGE } from '../lib/not-found-page.ts';

/**
 * After each navigation, track a page view (with a `source` query as the login source) for a
 * signed-in user. The account-list cache rule runs in the router itself: followAccountListCacheRule.
 */
export function useNavigationEffects(): void {
  const location = useLocation();
  // An address the app has no page for counts as one page, "not found", not as a page of its own.
  const notFound = useMatches().some((match) => (match.handle as { notFound?: boolean } | undefined)?.notFound);
  useEffect(() => {
    if (!useAuthStore.getState().user) return;
    const source = new URLSearchParams(location.search).get('source');
    trackPage(notFound ? NOT_FOUND_PAGE : location.pathname, source ? { login_source: source } : {});
  }, [location.pathname, location.search, notFound]);
}
