import type { FilterGroup } from '@quarry/shared';
import { create } from 'zustand';
import type { TerritorySort } from '../api/territory.ts';

/** An account list's filter manager: the filter applied, the one in the builder, and the saved filter chosen. */
export type AccountListFilterManager = {
  applied: FilterGroup;
  draft: FilterGroup;
  builderOpen: boolean;
  savedFilterId: string | null;
};

/** An account list's table options. */
export type AccountListOptions = {
  text: string;
  sort: TerritorySort;
  direction: 'asc' | 'desc';
  page: number;
};

export type AccountListState = { filterManager: AccountListFilterManager; options: AccountListOptions };

/** Filter manager and options of the account lists, plus the last account navigation (spec section 3). */
type AccountListCache = {
  filterManager: AccountListFilterManager | null;
  options: AccountListOptions | null;
  lastAccountNavigation: string | null;
  /** An account page opened from a list: the list as it was is kept with the account's path. */
  keepAccountNavigation: (path: string, list: AccountListState) => void;
  clear: () => void;
};

export const useAccountListCache = create<AccountListCache>()((set) => ({
  filterManager: null,
  options: null,
  lastAccountNavigation: null,
  keepAccountNavigation: (path, list) =>
    set({ filterManager: list.filterManager, options: list.options, lastAccountNavigation: path }),
  clear: () => set({ filterManager: null, options: null, lastAccountNavigation: null }),
}));
