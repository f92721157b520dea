import type { TFunction } from 'i18next';

/**
 * What adding items to a list did, in words: how many were added, and how many were already in
 * it. Counting the request instead would claim an add that did not happen.
 */
export function addedMessage(t: TFunction, list: string, requested: number, added: number): string {
  const already = requested - added;
  if (added === 0) return t('lists.alreadyIn', { name: list });
  if (already > 0) return t('lists.addedSomeAlreadyIn', { name: list, count: added, already });
  return t('lists.addedTo', { name: list, count: added });
}
