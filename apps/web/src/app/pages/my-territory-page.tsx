import { Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { emptyFilter, type FilterGroup, filterGroupSchema, isFilterApplied, TERRITORY_SORTS } from '@quarry/shared';
import { useEffect, useRef, useState } from 'react';
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
/** How long the name filter waits for typing to pause before the address follows it. */
const NAME_FILTER_SETTLE_MS = 400;
const cleanOptions: AccountListOptions = { text: '', sort: 'account_name', direction: 'asc', page: 1 };

/** The table's name filter, order and page as the address has them (a reload, Forward), else null. */
function optionsInAddress(params: URLSearchParams): AccountListOptions | null {
  const sort = params.get('sort');
  const page = Math.floor(Number(params.get('page')));
  const text = params.get('q') ?? '';
  if (!sort && !page && !text) return null;
  return {
    ...cleanOptions,
    text,
    ...(parseSort(`${sort ?? ''}:${params.get('direction') ?? 'asc'}`) ?? {}),
    page: Number.isNaN(page) ? 1 : Math.max(page, 1),
  };
}

/** The filter applied as the address has it (`where`, JSON), else null. */
function appliedInAddress(params: URLSearchParams): FilterGroup | null {
  const written = params.get('where');
  if (!written) return null;
  try {
    const parsed = filterGroupSchema.safeParse(JSON.parse(written));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The filter manager for the filter the address applies: with the builder open, so what narrows
 * the list is on screen, not only in the address.
 */
const managerApplying = (applied: FilterGroup): Partial<AccountListFilterManager> => ({
  applied,
  draft: applied,
  builderOpen: true,
});

/**
 * The address with the table's name filter, order and page and the filter applied (`where`: with
 * a saved filter's id in `filter` too, it holds the edits applied to it and not saved), leaving
 * out what is the default.
 */
function withOptions(params: URLSearchParams, options: AccountListOptions, applied: FilterGroup): URLSearchParams {
  const out = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) =>
    value === fallback ? out.delete(key) : out.set(key, value);
  set('q', options.text, '');
  set('sort', options.sort, cleanOptions.sort);
  set('direction', options.direction, cleanOptions.direction);
  set('page', String(options.page), '1');
  set('where', isFilterApplied(applied) ? JSON.stringify(applied) : '', '');
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
  const [address, setAddress] = useSearchParams();
  const cached = useAccountListCache.getState();
  // The filter the address applies on arrival: opened over the saved filter it names, if any.
  const arrivingFilter = useRef(cached.filterManager ? null : appliedInAddress(address));
  const [filterManager, setFilterManager] = useState((): AccountListFilterManager => {
    if (cached.filterManager) return cached.filterManager;
    const applied = address.get('filter') ? null : arrivingFilter.current;
    return applied ? { ...cleanFilterManager(), ...managerApplying(applied) } : cleanFilterManager();
  });
  const [options, setOptions] = useState(() => cached.options ?? optionsInAddress(address) ?? cleanOptions);
  // Name filter, order, page and the applied filter are in the address too: a reload or Forward
  // returns to them, and a copied link shows a colleague the same list. The name is written once
  // typing pauses: each change of the address counts as a page view.
  const [typed] = useDebouncedValue(options.text, NAME_FILTER_SETTLE_MS);
  const { applied } = filterManager;
  useEffect(() => {
    setAddress((prev) => withOptions(prev, { ...options, text: typed }, applied), { replace: true });
  }, [options, typed, applied, setAddress]);
  // The chosen saved filter is in the URL (?filter=id): a reload or a shared link opens it again,
  // with the edits applied to it on top (`where`).
  useSavedFilterParam(filterManager.savedFilterId, (saved) => {
    const edits = arrivingFilter.current;
    arrivingFilter.current = null;
    setFilterManager((m) => ({ ...m, ...openedSavedFilter(saved), ...(edits ? managerApplying(edits) : {}) }));
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
