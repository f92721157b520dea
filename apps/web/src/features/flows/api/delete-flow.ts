import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const deleteFlow = (flowId: string) =>
  api<null>(`/api/flows/${encodeURIComponent(flowId)}`, { method: 'DELETE' });

/** Deletes a flow (refused with 409 flow_in_progress while its messages are being written). */
export function useDeleteFlow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.remove,
    mutationFn: deleteFlow,
    onSuccess: (_, flowId) => queryClient.removeQueries({ queryKey: flowQueryKeys.detail(flowId) }),
    // The deleted flow's page is not asked for again (it would answer 404).
    meta: {
      invalidates: [flowQueryKeys.lists],
      gone: (flowId) => flowQueryKeys.detail(flowId as string),
      errorSnack: (e) => flowErrorMessage(e, t, 'flows.errors.delete'),
    },
  });
}
