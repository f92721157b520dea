import type { ValueMatchMark } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { valueMatchKeys } from './value-match-keys.ts';

/**
 * Marks one signal of a match "not relevant", or undoes the mark: the tenant's labelled data,
 * counted in each trigger's precision on /preferences/triggers.
 */
export function useMarkNotRelevant(masterAccountId: string) {
  const { t } = useTranslation();
  const base = `/api/value-matches/${encodeURIComponent(masterAccountId)}/marks`;
  return useMutation({
    mutationKey: valueMatchKeys.mutations.mark,
    mutationFn: ({ hitId, notRelevant }: { hitId: string; notRelevant: boolean }) =>
      notRelevant
        ? api<ValueMatchMark>(base, { method: 'POST', body: { hit_id: hitId } })
        : api<ValueMatchMark>(`${base}/${encodeURIComponent(hitId)}`, { method: 'DELETE' }),
    meta: {
      invalidates: [valueMatchKeys.detail(masterAccountId), valueMatchKeys.triggerStats],
      errorSnack: t('valueMatch.markError'),
    },
  });
}
