import type { FlowSummary, SendFlowBody } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const sendFlow = (flowId: string, body: SendFlowBody) =>
  api<FlowSummary>(`/api/flows/${encodeURIComponent(flowId)}/send`, { method: 'POST', body });

/** Sends the approved messages to a destination (409 nothing_approved when none is); records "Flow sent". */
export function useSendFlow(flowId: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.send,
    mutationFn: (body: SendFlowBody) => sendFlow(flowId, body),
    onSuccess: (flow, { destination, integration }) => {
      track('Flow sent', {
        flow_id: flow.id,
        type: flow.type,
        destination,
        ...(integration ? { integration } : {}),
        approved: flow.approved_count,
      });
    },
    meta: {
      invalidates: [flowQueryKeys.detail(flowId), flowQueryKeys.lists],
      errorSnack: (e) => flowErrorMessage(e, t, 'flows.errors.send'),
    },
  });
}
