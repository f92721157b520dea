import type {
  DiscoverAllSignalSourcesResult,
  SearchHit,
  SignalDiscoveryState,
  SignalReason,
  SignalSource,
  SignalSourceKind,
  SignalSweepState,
} from '@quarry/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { signalKeys } from './signal-keys.ts';

export const signalSourcesQueryOptions = () =>
  queryOptions({
    queryKey: signalKeys.signalSources,
    queryFn: () =>
      api<{ sources: SignalSource[]; sweep: SignalSweepState; discovery: SignalDiscoveryState }>('/api/signal-sources'),
    // While a sweep or discovery waits or runs, the list is read again every 2 s: each source's
    // health updates as it is read, and discovered sources appear as they are found.
    refetchInterval: (query) =>
      query.state.data && (query.state.data.sweep.state !== 'idle' || query.state.data.discovery.state !== 'idle')
        ? 2_000
        : false,
  });

export const useSignalSources = () => useQuery(signalSourcesQueryOptions());

/** Accounts by name, for binding a source to one. */
export const useAccountChoices = (q: string) =>
  useQuery({
    queryKey: signalKeys.accountChoices(q),
    queryFn: ({ signal }) =>
      api<{ hits: SearchHit[] }>(`/api/accounts/search?${new URLSearchParams({ q, mode: 'autocomplete' })}`, {
        signal,
      }).then((r) => r.hits),
    enabled: q.trim().length > 1,
    staleTime: 60_000,
  });

export type NewSignalSource = {
  kind: SignalSourceKind;
  url?: string;
  board_token?: string;
  name?: string;
  master_account_id?: string;
};

/** Every change to the sources reads the list again once it settles. */
const meta = { invalidates: [signalKeys.signalSources] };
const mutationKey = signalKeys.mutations.signalSource;

export function useSignalSourceActions() {
  return {
    add: useMutation({
      mutationFn: (body: NewSignalSource) => api<SignalSource>('/api/signal-sources', { method: 'POST', body }),
      mutationKey,
      meta,
    }),
    setStatus: useMutation({
      mutationFn: ({ id, status }: { id: string; status: 'active' | 'paused' }) =>
        api<SignalSource>(`/api/signal-sources/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } }),
      mutationKey,
      meta,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<null>(`/api/signal-sources/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      mutationKey,
      meta,
    }),
    discover: useMutation({
      mutationFn: (masterAccountId: string) =>
        api<{ added: SignalSource[]; reason: string | null; reasons: SignalReason[] }>('/api/signal-sources/discover', {
          method: 'POST',
          body: { master_account_id: masterAccountId },
        }),
      mutationKey,
      meta,
    }),
    discoverAll: useMutation({
      mutationFn: () => api<DiscoverAllSignalSourcesResult>('/api/signal-sources/discover-all', { method: 'POST' }),
      mutationKey,
      meta,
    }),
    sweep: useMutation({
      mutationFn: () => api<{ queued: boolean }>('/api/signal-sources/sweep', { method: 'POST' }),
      mutationKey,
      meta,
    }),
  };
}
