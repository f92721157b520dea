import type { CreateSavedFilterBody, SavedFilter, UpdateSavedFilterBody } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { filtersQueryOptions } from '../../../lib/saved-filters.ts';

/** Saves a new filter (no id) or changes one; "Filter Created" for a new one. */
export function useSaveFilter() {
  return useMutation({
    mutationKey: ['filters', 'save'],
    mutationFn: ({ id, body }: { id?: string; body: CreateSavedFilterBody | UpdateSavedFilterBody }) =>
      id
        ? api<SavedFilter>(`/api/filters/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : api<SavedFilter>('/api/filters', { method: 'POST', body }),
    onSuccess: (saved, { id }) => {
      if (!id) track('Filter Created', { filter_id: saved.id, private: saved.private });
    },
    meta: { invalidates: [filtersQueryOptions().queryKey] },
  });
}

export function useDeleteFilter() {
  return useMutation({
    mutationKey: ['filters', 'delete'],
    mutationFn: (id: string) => api<unknown>(`/api/filters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    meta: { invalidates: [filtersQueryOptions().queryKey] },
  });
}
