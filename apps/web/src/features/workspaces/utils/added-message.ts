import { isContactList, type ListType } from '@quarry/shared';
import type { TFunction } from 'i18next';

/**
 * What adding items to a list did, in words: how many were added, and how many were already in
 * it. Counting the request instead would claim an add that did not happen.
 */
export function addedMessage(
  t: TFunction,
  list: { name: string; type: ListType },
  requested: number,
  added: number,
): string {
  const already = requested - added;
  if (added === 0) return t('lists.alreadyIn', { name: list.name });
  // "3 accounts added to “Morning calls”", not "Added to “Morning calls”: 3" (a count left
  // hanging), and what was added is named: a French "1 ajouté" said neither what nor its gender.
  const context = isContactList(list.type) ? 'contacts' : undefined;
  if (already > 0) return t('lists.addedCountSomeAlreadyIn', { name: list.name, count: added, already, context });
  return t('lists.addedCount', { name: list.name, count: added, context });
}
