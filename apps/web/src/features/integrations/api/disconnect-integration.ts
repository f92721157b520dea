import type { IntegrationType } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsQueryKey } from '../../../lib/integrations.ts';

export const disconnectIntegration = (type: IntegrationType) =>
  api<void>(`/api/integrations/${type}`, { method: 'DELETE' });

export function useDisconnectIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectIntegration,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
