import type { FieldMappings, IntegrationConnection, IntegrationType } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsQueryKey } from '../../../lib/integrations.ts';

export const updateFieldMappings = (type: IntegrationType, fieldMappings: FieldMappings) =>
  api<IntegrationConnection>(`/api/integrations/${type}/field-mappings`, {
    method: 'PUT',
    body: { field_mappings: fieldMappings },
  });

export function useUpdateFieldMappings(type: IntegrationType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fieldMappings: FieldMappings) => updateFieldMappings(type, fieldMappings),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
