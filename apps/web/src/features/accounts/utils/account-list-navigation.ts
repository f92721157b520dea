import type { AccountListState } from '../stores/account-list-cache.ts';

/** The history state of a link from an account list to an account page: the list as it was. */
export const accountListLinkState = (list: AccountListState) => ({ accountList: list });

/** The list an account page was opened from, when its navigation carries one. */
export function accountListOf(historyState: unknown): AccountListState | null {
  if (typeof historyState !== 'object' || historyState === null || !('accountList' in historyState)) return null;
  const list = historyState.accountList;
  if (typeof list !== 'object' || list === null || !('filterManager' in list) || !('options' in list)) return null;
  return list as AccountListState;
}
