import type { ValueMatchMark } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * Marks one signal of a match "not relevant", or undoes the mark: the tenant's labelled data,
 * counted in each trigger's precision on /preferences/triggers.
 */
export function useMarkNotRelevant(masterAccountId: string) {
  const queryClient = useQueryClient();
  const base = `/api/value-matches/${encodeURIComponent(masterAccountId)}/marks`;
  return useMutation({
    mutationFn: ({ hitId, notRelevant }: { hitId: string; notRelevant: boolean }) =>
      notRelevant
        ? api<ValueMatchMark>(base, { method: 'POST', body: { hit_id: hitId } })
        : api<ValueMatchMark>(`${base}/${encodeURIComponent(hitId)}`, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['value-matches', 'detail', masterAccountId] }),
        queryClient.invalidateQueries({ queryKey: ['trigger-stats'] }),
      ]),
  });
}
