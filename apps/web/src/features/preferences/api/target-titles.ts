import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const targetTitlesQueryOptions = () =>
  queryOptions({
    queryKey: ['target-titles'],
    queryFn: ({ signal }) => api<{ titles: string[] }>('/api/target-titles', { signal }).then((r) => r.titles),
  });

export const useTargetTitles = () => useQuery(targetTitlesQueryOptions());

export function useSaveTargetTitles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (titles: string[]) =>
      api<{ titles: string[] }>('/api/target-titles', { method: 'PUT', body: { titles } }).then((r) => r.titles),
    onSuccess: (titles) => {
      queryClient.setQueryData(targetTitlesQueryOptions().queryKey, titles);
      void queryClient.invalidateQueries({ queryKey: ['value-matches'] });
    },
  });
}
