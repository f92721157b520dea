import type { ManagedAlert } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

export type Tenant = { id: string; name: string };

export const managedAlertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.managed,
    queryFn: () => api<{ alerts: ManagedAlert[]; tenants: Tenant[] }>('/api/support/alerts'),
  });

export const useManagedAlerts = () => useQuery(managedAlertsQueryOptions());
