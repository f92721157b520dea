import type { MeResponse } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const getMe = () => api<MeResponse>('/api/me');

export const meQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());
