import type { FlowStatus, FlowSummary, FlowType } from '@quarry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isFlowBusy } from '../utils/is-flow-busy.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export type FlowsFilter = {
  status: FlowStatus | null;
  type: FlowType | null;
  includeOlder: boolean;
  /** Only flows writing to one of these contacts. */
  contactIds?: string[];
};
export type FlowsList = { flows: FlowSummary[]; hidden_older_count: number };

/** While a flow is being written or sent, the list is asked again this often. */
export const FLOWS_POLL_MS = 2_000;

export function getFlows(filter: FlowsFilter, signal?: AbortSignal): Promise<FlowsList> {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.type) params.set('type', filter.type);
  if (filter.contactIds?.length) params.set('contact_ids', filter.contactIds.join(','));
  params.set('include_older', String(filter.includeOlder));
  return api<FlowsList>(`/api/flows?${params}`, { signal });
}

export const flowsQueryOptions = (filter: FlowsFilter) =>
  queryOptions({
    queryKey: [...flowQueryKeys.lists, filter],
    queryFn: ({ signal }) => getFlows(filter, signal),
    refetchInterval: (query) => (query.state.data?.flows.some(isFlowBusy) ? FLOWS_POLL_MS : false),
  });

/**
 * /actions: the flows this user may see, newest first; polled while any is still changing. A
 * changed filter keeps the rows shown until the new ones arrive.
 */
export const useFlows = (filter: FlowsFilter) =>
  useQuery({ ...flowsQueryOptions(filter), placeholderData: keepPreviousData });
