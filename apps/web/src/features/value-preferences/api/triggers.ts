import type { StoredTrigger, TriggerHitType } from '@quarry/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { preferenceKeys } from './preference-keys.ts';

export type TriggerInput = {
  name?: string;
  hit_type?: TriggerHitType;
  phrases?: string[];
  enabled?: boolean;
  hypothesis_ids?: string[];
};

export const triggersQueryOptions = () =>
  queryOptions({
    queryKey: preferenceKeys.triggers,
    queryFn: ({ signal }) => api<{ triggers: StoredTrigger[] }>('/api/triggers', { signal }).then((r) => r.triggers),
  });

export const useTriggers = () => useQuery(triggersQueryOptions());

/** Create (no id), update (with id) or delete a trigger; records "Trigger mutated". */
export function useSaveTrigger() {
  return useMutation({
    mutationKey: ['triggers', 'save'],
    mutationFn: ({ id, body, remove }: { id?: string; body?: TriggerInput; remove?: boolean }) =>
      remove && id
        ? api<null>(`/api/triggers/${encodeURIComponent(id)}`, { method: 'DELETE' })
        : id
          ? api<StoredTrigger>(`/api/triggers/${encodeURIComponent(id)}`, { method: 'PATCH', body })
          : api<StoredTrigger>('/api/triggers', { method: 'POST', body }),
    onSuccess: (_, { id, remove }) => {
      track('Trigger mutated', {
        trigger_id: id ?? null,
        mutation_type: remove ? 'deleted' : id ? 'updated' : 'created',
      });
    },
    // Awaited by the mutation cache, so a caller's onSuccess finds the saved trigger in the list.
    meta: { invalidates: [preferenceKeys.triggers, preferenceKeys.valueMatches] },
  });
}
