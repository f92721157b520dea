import type { CreateFlowBody, FlowSummary } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';
import { flowQueryKeys } from './flow-query-keys.ts';

export const createFlow = (body: CreateFlowBody) => api<FlowSummary>('/api/flows', { method: 'POST', body });

/** Starts a flow (its messages are written by a job); records "Flow triggered". */
export function useCreateFlow() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: flowQueryKeys.mutations.create,
    mutationFn: createFlow,
    onSuccess: (flow) => track('Flow triggered', { flow_id: flow.id, type: flow.type }),
    meta: { invalidates: [flowQueryKeys.lists], errorSnack: (e) => flowErrorMessage(e, t, 'flows.errors.start') },
  });
}
