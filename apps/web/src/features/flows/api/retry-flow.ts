import type { FlowSummary } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const retryFlow = (flowId: string) =>
  api<FlowSummary>(`/api/flows/${encodeURIComponent(flowId)}/retry`, { method: 'POST' });

/** Writes the whole flow again, overwriting edits (ask first); records "Flow retried". */
export function useRetryFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFlow,
    onSuccess: (flow) => {
      track('Flow retried', { flow_id: flow.id, type: flow.type });
      void queryClient.invalidateQueries({ queryKey: flowQueryKeys.detail(flow.id) });
      void queryClient.invalidateQueries({ queryKey: flowQueryKeys.lists });
    },
  });
}
