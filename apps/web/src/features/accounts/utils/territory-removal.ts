import type { TFunction } from 'i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';

/**
 * Asks before accounts leave My Accounts: a single account is named ("Remove "Tyson Foods" from My
 * Accounts?"), several are counted. `name` is the single account's name when it is known.
 */
export function confirmTerritoryRemoval(t: TFunction, count: number, name?: string): Promise<boolean> {
  const one = count === 1 && name !== undefined;
  return confirm({
    title: t(one ? 'myAccounts.removeOneTitle' : 'myAccounts.removeTitle'),
    message: one ? t('myAccounts.removeOneMessage', { name }) : t('myAccounts.removeMessage', { count }),
    proceedLabel: t('myAccounts.remove'),
    danger: true,
  });
}

/** The snack after a removal, worded like its confirmation. */
export function territoryRemovedMessage(t: TFunction, count: number, name?: string): string {
  return count === 1 && name !== undefined ? t('myAccounts.removedOne', { name }) : t('myAccounts.removed', { count });
}
