import type { CustomField, IntegrationType } from '@quarry/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsQueryKey } from '../../../lib/integrations.ts';

export const getCustomFields = (type: IntegrationType, signal?: AbortSignal) =>
  api<{ fields: CustomField[] }>(`/api/integrations/${type}/custom-fields`, { signal }).then((r) => r.fields);

/** The tool's own custom fields, to map Quarry's fields to; asked only while the mapping form is open. */
export const useCustomFields = (type: IntegrationType, enabled: boolean) =>
  useQuery({
    queryKey: [...integrationsQueryKey, type, 'custom-fields'],
    queryFn: ({ signal }) => getCustomFields(type, signal),
    enabled,
  });
