import type { FlowMessage, UpdateFlowMessageBody } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { flowQueryKeys } from './flow-query-keys.ts';
import { messageChangeKeys, putFlowMessageInCache } from './put-flow-message-in-cache.ts';

export const updateFlowMessage = (flowId: string, messageId: string, body: UpdateFlowMessageBody) =>
  api<FlowMessage>(`/api/flows/${encodeURIComponent(flowId)}/messages/${encodeURIComponent(messageId)}`, {
    method: 'PATCH',
    body,
  });

/**
 * Saves a message's edited steps and/or its approval, with the version the editor read: a save in
 * between answers 409 version_conflict. An edit records "Flow edited".
 */
export function useUpdateFlowMessage(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.updateMessage,
    mutationFn: ({ messageId, body }: { messageId: string; body: UpdateFlowMessageBody }) =>
      updateFlowMessage(flowId, messageId, body),
    onSuccess: (message, { body }) => {
      if (body.steps) track('Flow edited', { flow_id: flowId, message_id: message.id });
      putFlowMessageInCache(queryClient, flowId, message);
    },
    // Its refusals show on the message's card.
    meta: { invalidates: messageChangeKeys(flowId) },
  });
}
