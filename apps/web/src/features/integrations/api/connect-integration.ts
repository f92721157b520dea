import type { IntegrationConnection, IntegrationType } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { integrationsQueryKey } from '../../../lib/integrations.ts';

export const connectIntegration = (type: IntegrationType, credential: string) =>
  api<IntegrationConnection>(`/api/integrations/${type}`, { method: 'PUT', body: { credential } });

/** Connects a tool with a key or token; Quarry checks it with the tool at once. Records "Integration Connected" when valid. */
export function useConnectIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, credential }: { type: IntegrationType; credential: string }) =>
      connectIntegration(type, credential),
    onSuccess: (connection) => {
      // The credential is never a property: only the tool and what it answered.
      if (connection.status === 'VALID') track('Integration Connected', { type: connection.type });
      void queryClient.invalidateQueries({ queryKey: integrationsQueryKey });
    },
  });
}
