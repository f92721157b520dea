import { emptyFilter } from '@quarry/shared';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AccountListState, useAccountListCache } from '../features/accounts/stores/account-list-cache.ts';
import { accountListLinkState } from '../features/accounts/utils/account-list-navigation.ts';
import { followAccountListCacheRule } from './follow-account-list-cache-rule.ts';

const list: AccountListState = {
  filterManager: { applied: emptyFilter(), draft: emptyFilter(), builderOpen: true, savedFilterId: 'flt_1' },
  options: { text: 'bank', sort: 'employees', direction: 'desc', page: 3 },
};

const routes = [{ path: '*', element: null }];

function routerAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  followAccountListCacheRule(router);
  return router;
}

const cache = () => useAccountListCache.getState();

describe('the account-list cache rule (spec section 2)', () => {
  beforeEach(() => cache().clear());

  it('keeps the list an account page was opened from, with that navigation, and again on the way back', async () => {
    const router = routerAt('/MyTerritory');
    await router.navigate('/accounts/acc_1', { state: accountListLinkState(list) });
    expect(cache()).toMatchObject({ ...list, lastAccountNavigation: '/accounts/acc_1' });
    await router.navigate('/MyTerritory');
    expect(cache()).toMatchObject({ ...list, lastAccountNavigation: '/accounts/acc_1' });
  });

  it('clears it after a navigation from a path without "accounts"', async () => {
    const router = routerAt('/accounts/acc_1');
    cache().keepAccountNavigation('/accounts/acc_1', list);
    await router.navigate('/actions');
    expect(cache().options).toEqual(list.options);
    await router.navigate('/MyTerritory');
    expect(cache()).toMatchObject({ filterManager: null, options: null, lastAccountNavigation: null });
  });

  it('clears it when an account page is opened from elsewhere without a list', async () => {
    const router = routerAt('/MyTerritory');
    cache().keepAccountNavigation('/accounts/acc_1', list);
    await router.navigate('/accounts/acc_2');
    expect(cache()).toMatchObject({ filterManager: null, options: null, lastAccountNavigation: null });
  });
});
