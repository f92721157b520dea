import type { FlowDetail } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const approveAllFlowMessages = (flowId: string) =>
  api<FlowDetail>(`/api/flows/${encodeURIComponent(flowId)}/approve-all`, { method: 'POST' });

/** Approves every written message; those needing a person's review stay as they are. */
export function useApproveAllFlowMessages(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => approveAllFlowMessages(flowId),
    onSuccess: (detail) => {
      queryClient.setQueryData(flowQueryKeys.detail(flowId), detail);
      void queryClient.invalidateQueries({ queryKey: flowQueryKeys.lists });
    },
  });
}
