import type { FlowDetail } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { flowQueryKeys } from './flow-query-keys.ts';
import { messageChangeKeys } from './put-flow-message-in-cache.ts';

export const removeFlowMessage = (flowId: string, messageId: string) =>
  api<null>(`/api/flows/${encodeURIComponent(flowId)}/messages/${encodeURIComponent(messageId)}`, {
    method: 'DELETE',
  });

/** Takes one contact's message out of the flow; the flow's counts are read again behind it. */
export function useRemoveFlowMessage(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.removeMessage,
    mutationFn: (messageId: string) => removeFlowMessage(flowId, messageId),
    onSuccess: (_, messageId) => {
      queryClient.setQueryData<FlowDetail>(flowQueryKeys.detail(flowId), (detail) =>
        detail ? { ...detail, messages: detail.messages.filter((m) => m.id !== messageId) } : detail,
      );
    },
    // Its refusals show on the message's card.
    meta: { invalidates: messageChangeKeys(flowId) },
  });
}
