import type { FlowDetail, FlowMessage } from '@quarry/shared';
import type { QueryClient } from '@tanstack/react-query';
import { flowQueryKeys } from './flow-query-keys.ts';

/**
 * After a message changed on the server: it replaces the cached one at once; the flow (its
 * counts) and the list are refetched behind it (`messageChangeKeys`, the mutations' meta).
 */
export function putFlowMessageInCache(queryClient: QueryClient, flowId: string, message: FlowMessage): void {
  queryClient.setQueryData<FlowDetail>(flowQueryKeys.detail(flowId), (detail) =>
    detail ? { ...detail, messages: detail.messages.map((m) => (m.id === message.id ? message : m)) } : detail,
  );
}

/** What a change to one of a flow's messages makes stale: the flow (a refusal too: a newer version is read). */
export const messageChangeKeys = (flowId: string) => [flowQueryKeys.detail(flowId), flowQueryKeys.lists];
