import type { QualificationSignalBody, StoredQualificationSignal } from '@quarry/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { preferenceKeys } from './preference-keys.ts';

export const qualificationSignalsQueryOptions = () =>
  queryOptions({
    queryKey: preferenceKeys.qualificationSignals,
    queryFn: ({ signal }) =>
      api<{ signals: StoredQualificationSignal[] }>('/api/qualification-signals', { signal }).then((r) => r.signals),
  });

export const useQualificationSignals = () => useQuery(qualificationSignalsQueryOptions());

/** Create (no id), update (with id) or delete a qualification signal; the list and Home refresh after. */
export function useSaveQualificationSignal() {
  return useMutation({
    mutationKey: ['qualification-signals', 'save'],
    mutationFn: ({ id, body, remove }: { id?: string; body?: QualificationSignalBody; remove?: boolean }) =>
      remove && id
        ? api<null>(`/api/qualification-signals/${encodeURIComponent(id)}`, { method: 'DELETE' })
        : id
          ? api<StoredQualificationSignal>(`/api/qualification-signals/${encodeURIComponent(id)}`, {
              method: 'PATCH',
              body,
            })
          : api<StoredQualificationSignal>('/api/qualification-signals', { method: 'POST', body }),
    meta: { invalidates: [preferenceKeys.qualificationSignals, preferenceKeys.valueMatches] },
  });
}
