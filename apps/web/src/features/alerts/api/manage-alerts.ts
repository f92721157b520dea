import type { AlertBody, ManagedAlert } from '@quarry/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertsQueryOptions } from './get-alerts.ts';

export type Tenant = { id: string; name: string };

export const managedAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'alerts'],
    queryFn: () => api<{ alerts: ManagedAlert[]; tenants: Tenant[] }>('/api/support/alerts'),
  });

export const useManagedAlerts = () => useQuery(managedAlertsQueryOptions());

/** Publishing, editing or deleting refreshes the support list and the banner. */
export function useSaveAlert() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: managedAlertsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey }),
    ]);
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AlertBody }) =>
      id
        ? api<ManagedAlert>(`/api/support/alerts/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : api<ManagedAlert>('/api/support/alerts', { method: 'POST', body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<null>(`/api/support/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { save, remove };
}
