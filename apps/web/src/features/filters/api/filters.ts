import type { CreateSavedFilterBody, SavedFilter, UpdateSavedFilterBody } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { filtersQueryOptions } from '../../../lib/saved-filters.ts';

export function useSaveFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateSavedFilterBody | UpdateSavedFilterBody }) =>
      id
        ? api<SavedFilter>(`/api/filters/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : api<SavedFilter>('/api/filters', { method: 'POST', body }),
    onSuccess: (saved, { id }) => {
      if (!id) track('Filter Created', { filter_id: saved.id, private: saved.private });
      void queryClient.invalidateQueries({ queryKey: filtersQueryOptions().queryKey });
    },
  });
}

export function useDeleteFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/api/filters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: filtersQueryOptions().queryKey }),
  });
}
