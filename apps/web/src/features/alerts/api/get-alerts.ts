import type { GlobalAlert } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export const getAlerts = () => api<{ alerts: GlobalAlert[] }>('/api/alerts').then((r) => r.alerts);

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: alertKeys.banner, queryFn: getAlerts, staleTime: 5 * 60_000 });

export const useAlerts = () => useQuery(alertsQueryOptions());
