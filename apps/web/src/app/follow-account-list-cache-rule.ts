import type { createBrowserRouter } from 'react-router';
import { useAccountListCache } from '../features/accounts/stores/account-list-cache.ts';
import { accountListOf } from '../features/accounts/utils/account-list-navigation.ts';

/**
 * Spec section 2: after each navigation, the account-list cache is cleared when the previous path
 * did not contain "accounts". Done as the router commits the navigation, before the new page
 * renders, so a list never starts from a cache about to be cleared. An account page opened from a
 * list carries the list in its history state: kept after the clear as the last account navigation,
 * it is what the list restores when the user comes back.
 */
export function followAccountListCacheRule(router: ReturnType<typeof createBrowserRouter>): () => void {
  let previous = router.state.location;
  return router.subscribe((state) => {
    if (state.location.key === previous.key) return;
    const before = previous.pathname;
    previous = state.location;
    const cache = useAccountListCache.getState();
    if (!before.toLowerCase().includes('accounts')) cache.clear();
    const list = accountListOf(state.location.state);
    if (list) cache.keepAccountNavigation(state.location.pathname, list);
  });
}
