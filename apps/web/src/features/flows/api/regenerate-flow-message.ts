import type { FlowMessage } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { flowQueryKeys } from './flow-query-keys.ts';
import { messageChangeKeys, putFlowMessageInCache } from './put-flow-message-in-cache.ts';

export const regenerateFlowMessage = (flowId: string, messageId: string) =>
  api<FlowMessage>(`/api/flows/${encodeURIComponent(flowId)}/messages/${encodeURIComponent(messageId)}/regenerate`, {
    method: 'POST',
  });

/** Writes one message again (its edits are overwritten); records "Value Message Generated". */
export function useRegenerateFlowMessage(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.regenerateMessage,
    mutationFn: (messageId: string) => regenerateFlowMessage(flowId, messageId),
    onSuccess: (message) => {
      track('Value Message Generated', { flow_id: flowId, message_id: message.id });
      putFlowMessageInCache(queryClient, flowId, message);
    },
    // Its refusals show on the message's card.
    meta: { invalidates: messageChangeKeys(flowId) },
  });
}
