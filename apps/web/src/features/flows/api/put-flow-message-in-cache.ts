import type { FlowDetail, FlowMessage } from '@quarry/shared';
import type { QueryClient } from '@tanstack/react-query';
import { flowQueryKeys } from './flow-query-keys.ts';

/**
 * After a message changed on the server: it replaces the cached one at once, and the flow (its
 * counts) and the list are refetched behind it.
 */
export function putFlowMessageInCache(queryClient: QueryClient, flowId: string, message: FlowMessage): void {
  queryClient.setQueryData<FlowDetail>(flowQueryKeys.detail(flowId), (detail) =>
    detail ? { ...detail, messages: detail.messages.map((m) => (m.id === message.id ? message : m)) } : detail,
  );
  void queryClient.invalidateQueries({ queryKey: flowQueryKeys.detail(flowId) });
  void queryClient.invalidateQueries({ queryKey: flowQueryKeys.lists });
}
