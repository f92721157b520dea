import type { TFunction } from 'i18next';

/**
 * What adding items to a list did, in words: how many were added, and how many were already in
 * it. Counting the request instead would claim an add that did not happen.
 */
export function addedMessage(t: TFunction, list: string, requested: number, added: number): string {
  const already = requested - added;
  if (added === 0) return t('lists.alreadyIn', { name: list });
  // "3 added to “Morning calls”", not "Added to “Morning calls”: 3" (a count left hanging).
  if (already > 0) return t('lists.addedCountSomeAlreadyIn', { name: list, count: added, already });
  return t('lists.addedCount', { name: list, count: added });
}
