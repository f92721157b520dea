import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { preferenceKeys } from './preference-keys.ts';

export const targetTitlesQueryOptions = () =>
  queryOptions({
    queryKey: preferenceKeys.targetTitles,
    queryFn: ({ signal }) => api<{ titles: string[] }>('/api/target-titles', { signal }).then((r) => r.titles),
  });

export const useTargetTitles = () => useQuery(targetTitlesQueryOptions());

export function useSaveTargetTitles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['target-titles', 'save'],
    mutationFn: (titles: string[]) =>
      api<{ titles: string[] }>('/api/target-titles', { method: 'PUT', body: { titles } }).then((r) => r.titles),
    // The answer is the saved list: it replaces the cached one without another read.
    onSuccess: (titles) => queryClient.setQueryData(targetTitlesQueryOptions().queryKey, titles),
    meta: { invalidates: [preferenceKeys.valueMatches] },
  });
}
