import type { FlowDetail } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { isFlowBusy } from '../utils/is-flow-busy.ts';
import { flowQueryKeys } from './flow-query-keys.ts';
import { FLOWS_POLL_MS } from './get-flows.ts';

export const getFlow = (flowId: string, signal?: AbortSignal) =>
  api<FlowDetail>(`/api/flows/${encodeURIComponent(flowId)}`, { signal });

/** A flow the server says is not ready to open yet is asked again, as one still being written is. */
const notReady = (error: unknown) => error instanceof ApiError && error.code === 'flow_not_ready';

export const flowQueryOptions = (flowId: string) =>
  queryOptions({
    queryKey: flowQueryKeys.detail(flowId),
    queryFn: ({ signal }) => getFlow(flowId, signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data) return isFlowBusy(data.flow) ? FLOWS_POLL_MS : false;
      return notReady(query.state.error) ? FLOWS_POLL_MS : false;
    },
  });

/** /action/:flowId: the flow and its messages; polled while it is being written or sent. */
export const useFlow = (flowId: string) => useQuery(flowQueryOptions(flowId));
