import type { TriggerStatsList } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const triggerStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['trigger-stats'],
    queryFn: ({ signal }) => api<TriggerStatsList>('/api/value-matches/trigger-stats', { signal }),
  });

/** What each trigger currently does and the tenant's own precision (admins and managers only). */
export const useTriggerStats = (enabled: boolean) => useQuery({ ...triggerStatsQueryOptions(), enabled });
