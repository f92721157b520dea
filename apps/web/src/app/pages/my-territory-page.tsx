import { Group } from '@mantine/core';
import { emptyFilter, type FilterGroup, TERRITORY_SORTS } from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeTerritory } from '../../features/accounts/api/territory.ts';
import { type AccountsSort, MyAccountsPage } from '../../features/accounts/components/my-accounts-page.tsx';
import { useAuthStore } from '../../features/auth/stores/auth-store.ts';
import { FilterPanel } from '../../features/filters/components/filter-panel.tsx';
import { AccountAutocomplete } from '../../features/search/components/account-autocomplete.tsx';
import { AddToListMenu } from '../../features/workspaces/components/add-to-list-menu.tsx';
import { showSnackbar } from '../../lib/snackbar-store.ts';
import { ViewAsSelect } from '../view-as/view-as-select.tsx';

/** A saved filter's sort reads like `account_name:asc`; anything else keeps the current order. */
function parseSort(text: string | undefined): AccountsSort | null {
  const [sort, direction] = (text ?? '').split(':');
  if (!sort || !(TERRITORY_SORTS as readonly string[]).includes(sort)) return null;
  return { sort: sort as AccountsSort['sort'], direction: direction === 'desc' ? 'desc' : 'asc' };
}

/**
 * /MyTerritory: the accounts table with the filter builder and saved filters beside it. Viewing as a
 * colleague shows their accounts with every change (add, remove, save a filter) taken away.
 */
export function MyTerritoryPage() {
  const { t } = useTranslation();
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const viewAsUid = useAuthStore((s) => s.viewAsUserData?.uid ?? null);
  const territory = useChangeTerritory();
  const [filter, setFilter] = useState<FilterGroup>(emptyFilter);
  const [order, setOrder] = useState<AccountsSort>({ sort: 'account_name', direction: 'asc' });
  return (
    <MyAccountsPage
      key={viewAsUid ?? 'mine'}
      viewAsUid={viewAsUid}
      filter={filter}
      order={order}
      onOrderChange={setOrder}
      bulkActions={(selected, clear, disabled) => (
        <AddToListMenu ids={() => selected} disabled={disabled} onAdded={clear} />
      )}
      toolbar={
        <Group align="flex-start" justify="space-between">
          <FilterPanel
            currentUid={uid}
            readOnly={viewAsUid !== null}
            applied={filter}
            sort={`${order.sort}:${order.direction}`}
            onApply={(next, sort) => {
              setFilter(next);
              const parsed = parseSort(sort);
              if (parsed) setOrder(parsed);
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
