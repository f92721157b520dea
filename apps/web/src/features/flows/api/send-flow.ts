import type { FlowSummary, SendFlowBody } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const sendFlow = (flowId: string, body: SendFlowBody) =>
  api<FlowSummary>(`/api/flows/${encodeURIComponent(flowId)}/send`, { method: 'POST', body });

/** Sends the approved messages to a destination (409 nothing_approved when none is); records "Flow sent". */
export function useSendFlow(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendFlowBody) => sendFlow(flowId, body),
    onSuccess: (flow, { destination, integration }) => {
      track('Flow sent', {
        flow_id: flow.id,
        type: flow.type,
        destination,
        ...(integration ? { integration } : {}),
        approved: flow.approved_count,
      });
      void queryClient.invalidateQueries({ queryKey: flowQueryKeys.detail(flowId) });
      void queryClient.invalidateQueries({ queryKey: flowQueryKeys.lists });
    },
  });
}
