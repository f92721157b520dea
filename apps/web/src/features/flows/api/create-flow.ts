import type { CreateFlowBody, FlowSummary } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const createFlow = (body: CreateFlowBody) => api<FlowSummary>('/api/flows', { method: 'POST', body });

/** Starts a flow (its messages are written by a job); records "Flow triggered". */
export function useCreateFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFlow,
    onSuccess: (flow) => {
      track('Flow triggered', { flow_id: flow.id, type: flow.type });
      void queryClient.invalidateQueries({ queryKey: flowQueryKeys.lists });
    },
  });
}
