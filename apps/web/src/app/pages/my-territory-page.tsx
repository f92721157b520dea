import { Group } from '@mantine/core';
import { emptyFilter, TERRITORY_SORTS } from '@quarry/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useChangeTerritory } from '../../features/accounts/api/territory.ts';
import { MyAccountsEmpty } from '../../features/accounts/components/my-accounts-empty.tsx';
import { MyAccountsPage } from '../../features/accounts/components/my-accounts-page.tsx';
import {
  type AccountListFilterManager,
  type AccountListOptions,
  useAccountListCache,
} from '../../features/accounts/stores/account-list-cache.ts';
import { accountListLinkState } from '../../features/accounts/utils/account-list-navigation.ts';
import { FilterPanel, openedSavedFilter } from '../../features/filters/components/filter-panel.tsx';
import { useSavedFilterParam } from '../../features/filters/hooks/use-saved-filter-param.ts';
import { AccountAutocomplete } from '../../features/search/components/account-autocomplete.tsx';
import { AddToListMenu } from '../../features/workspaces/components/add-to-list-menu.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { showSnackbar } from '../../lib/snackbar-store.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { ViewAsSelect } from '../view-as/view-as-select.tsx';

const cleanFilterManager = (): AccountListFilterManager => ({
  applied: emptyFilter(),
  draft: emptyFilter(),
  builderOpen: false,
  savedFilterId: null,
});
const cleanOptions: AccountListOptions = { text: '', sort: 'account_name', direction: 'asc', page: 1 };

/** The table's order and page as the address has them (a reload, Forward), else null. */
function optionsInAddress(params: URLSearchParams): AccountListOptions | null {
  const sort = params.get('sort');
  const page = Math.floor(Number(params.get('page')));
  if (!sort && !page) return null;
  return {
    ...cleanOptions,
    ...(parseSort(`${sort ?? ''}:${params.get('direction') ?? 'asc'}`) ?? {}),
    page: Number.isNaN(page) ? 1 : Math.max(page, 1),
  };
}

/** The address with the table's order and page, leaving out what is the default. */
function withOptions(params: URLSearchParams, options: AccountListOptions): URLSearchParams {
  const out = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) =>
    value === fallback ? out.delete(key) : out.set(key, value);
  set('sort', options.sort, cleanOptions.sort);
  set('direction', options.direction, cleanOptions.direction);
  set('page', String(options.page), '1');
  return out;
}

/** A saved filter's sort reads like `account_name:asc`; anything else keeps the current order. */
function parseSort(text: string | undefined): Pick<AccountListOptions, 'sort' | 'direction'> | null {
  const [sort, direction] = (text ?? '').split(':');
  if (!sort || !(TERRITORY_SORTS as readonly string[]).includes(sort)) return null;
  return { sort: sort as AccountListOptions['sort'], direction: direction === 'desc' ? 'desc' : 'asc' };
}

/**
 * /MyTerritory: the accounts table with the filter builder and saved filters beside it. It starts
 * from the account-list cache, which holds the list as it was when an account was opened from it
 * (and is cleared by the navigation rule when the user arrives from elsewhere). Viewing as a
 * colleague shows their accounts with every change (add, remove, save a filter) taken away.
 */
export function MyTerritoryPage() {
  const { t } = useTranslation();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const viewAsUid = useAuthStore((s) => s.viewAsUserData?.uid ?? null);
  const manager = useAuthStore((s) => s.userIsManager);
  const openSearch = useUiStore((s) => s.setSearchOpen);
  const territory = useChangeTerritory();
  const [filterManager, setFilterManager] = useState(
    () => useAccountListCache.getState().filterManager ?? cleanFilterManager(),
  );
  const [address, setAddress] = useSearchParams();
  const [options, setOptions] = useState(
    () => useAccountListCache.getState().options ?? optionsInAddress(address) ?? cleanOptions,
  );
  // Order and page are in the address too: a reload or Forward returns to them.
  useEffect(() => {
    setAddress((prev) => withOptions(prev, options), { replace: true });
  }, [options, setAddress]);
  // The chosen saved filter is in the URL (?filter=id): a reload or a shared link opens it again.
  useSavedFilterParam(filterManager.savedFilterId, (saved) => {
    setFilterManager((m) => ({ ...m, ...openedSavedFilter(saved) }));
    const order = parseSort(saved.sort);
    setOptions((o) => ({ ...o, ...order, page: 1 }));
  });
  return (
    <MyAccountsPage
      key={viewAsUid ?? 'mine'}
      viewAsUid={viewAsUid}
      filter={filterManager.applied}
      options={options}
      onOptionsChange={setOptions}
      accountLinkState={accountListLinkState({ filterManager, options })}
      emptyState={<MyAccountsEmpty manager={manager} onSearch={() => openSearch(true)} />}
      bulkActions={(selected, clear, disabled) => (
        <AddToListMenu ids={() => selected} disabled={disabled} onAdded={clear} />
      )}
      toolbar={
        <Group align="flex-start" justify="space-between">
          <FilterPanel
            currentUid={uid}
            readOnly={viewAsUid !== null}
            manager={filterManager}
            sort={`${options.sort}:${options.direction}`}
            onChange={(next, sort) => {
              setFilterManager(next);
              const order = parseSort(sort);
              const newFilter = next.applied !== filterManager.applied;
              if (order || newFilter) setOptions({ ...options, ...order, ...(newFilter ? { page: 1 } : {}) });
            }}
          />
          <Group align="flex-end">
            <ViewAsSelect />
            {viewAsUid === null && (
              <AccountAutocomplete
                label={t('myAccounts.addAccount')}
                onSelect={(hit) =>
                  territory.mutate(
                    { ids: [hit.master_account_id], add: true },
                    { onSuccess: () => showSnackbar(t('myAccounts.added', { name: hit.account_name })) },
                  )
                }
              />
            )}
          </Group>
        </Group>
      }
    />
  );
}
