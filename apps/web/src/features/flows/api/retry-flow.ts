import type { FlowSummary } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const retryFlow = (flowId: string) =>
  api<FlowSummary>(`/api/flows/${encodeURIComponent(flowId)}/retry`, { method: 'POST' });

/** Writes the whole flow again, overwriting edits (ask first); records "Flow retried". */
export function useRetryFlow() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.retry,
    mutationFn: retryFlow,
    onSuccess: (flow) => track('Flow retried', { flow_id: flow.id, type: flow.type }),
    meta: {
      invalidates: (flowId) => [flowQueryKeys.detail(flowId as string), flowQueryKeys.lists],
      errorSnack: (e) => flowErrorMessage(e, t, 'flows.errors.retry'),
    },
  });
}
