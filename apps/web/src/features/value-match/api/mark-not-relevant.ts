import type { ValueMatchMark } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { valueMatchKeys } from './value-match-keys.ts';

/**
 * Marks one signal of a match "not relevant", or undoes the mark: the tenant's labelled data,
 * counted in each trigger's precision on /preferences/triggers. The server then computes the
 * matches again without (or with) the signal: the status is read again, and polled while that
 * runs, so the page shows the new match once it is done (useValueMatchStatus).
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
      invalidates: [valueMatchKeys.detail(masterAccountId), valueMatchKeys.triggerStats, valueMatchKeys.status],
      errorSnack: t('valueMatch.markError'),
    },
  });
}
