import type { StoredValueHypothesis, ValueHypothesisBody } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { valueHypothesesQueryOptions } from '../../../lib/value-hypotheses.ts';
import { preferenceKeys } from './preference-keys.ts';

/** Create (no id), update (with id) or delete a value hypothesis; records "Value Hypo Mutated". A delete refreshes the triggers too. */
export function useSaveValueHypothesis() {
  return useMutation({
    mutationKey: ['value-hypotheses', 'save'],
    mutationFn: ({ id, body, remove }: { id?: string; body?: Partial<ValueHypothesisBody>; remove?: boolean }) =>
      remove && id
        ? api<null>(`/api/value-hypotheses/${encodeURIComponent(id)}`, { method: 'DELETE' })
        : id
          ? api<StoredValueHypothesis>(`/api/value-hypotheses/${encodeURIComponent(id)}`, { method: 'PATCH', body })
          : api<StoredValueHypothesis>('/api/value-hypotheses', { method: 'POST', body }),
    onSuccess: (_, { id, remove }) => {
      track('Value Hypo Mutated', {
        value_hypothesis_id: id ?? null,
        mutation_type: remove ? 'deleted' : id ? 'updated' : 'created',
      });
    },
    meta: {
      invalidates: (variables) => [
        valueHypothesesQueryOptions().queryKey,
        // The server takes a deleted hypothesis out of every trigger that supported it.
        ...((variables as { remove?: boolean }).remove ? [preferenceKeys.triggers] : []),
        preferenceKeys.valueMatches,
      ],
    },
  });
}
