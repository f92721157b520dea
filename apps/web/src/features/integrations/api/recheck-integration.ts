import type { IntegrationConnection, IntegrationType } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsQueryKey } from '../../../lib/integrations.ts';

export const recheckIntegration = (type: IntegrationType) =>
  api<IntegrationConnection>(`/api/integrations/${type}/check`, { method: 'POST' });

/** Asks the tool again whether the stored credential still works. */
export function useRecheckIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recheckIntegration,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
