import type { FlowDetail } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const approveAllFlowMessages = (flowId: string) =>
  api<FlowDetail>(`/api/flows/${encodeURIComponent(flowId)}/approve-all`, { method: 'POST' });

/** Approves every written message; those needing a person's review stay as they are. */
export function useApproveAllFlowMessages(flowId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.approveAll,
    mutationFn: () => approveAllFlowMessages(flowId),
    // The answer is the flow as it now stands: it replaces the cached one without another read.
    onSuccess: (detail) => queryClient.setQueryData(flowQueryKeys.detail(flowId), detail),
    meta: { invalidates: [flowQueryKeys.lists], errorSnack: (e) => flowErrorMessage(e, t, 'flows.errors.save') },
  });
}
