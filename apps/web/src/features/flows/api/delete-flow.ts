import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const deleteFlow = (flowId: string) =>
  api<null>(`/api/flows/${encodeURIComponent(flowId)}`, { method: 'DELETE' });

/** Deletes a flow (refused with 409 flow_in_progress while its messages are being written). */
export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlow,
    onSuccess: (_, flowId) => queryClient.removeQueries({ queryKey: flowQueryKeys.detail(flowId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: flowQueryKeys.lists }),
  });
}
