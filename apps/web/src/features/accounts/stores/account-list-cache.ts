import { create } from 'zustand';

/** Filter manager and options of the account lists, plus the last account navigation (spec section 3). */
type AccountListCache = {
  filterManager: Record<string, unknown> | null;
  options: Record<string, unknown> | null;
  lastAccountNavigation: string | null;
  clear: () => void;
};

export const useAccountListCache = create<AccountListCache>()((set) => ({
  filterManager: null,
  options: null,
  lastAccountNavigation: null,
  clear: () => set({ filterManager: null, options: null, lastAccountNavigation: null }),
}));
