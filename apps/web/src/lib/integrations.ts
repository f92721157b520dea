import type { IntegrationsResponse, IntegrationType, MailboxesResponse, SequencesResponse } from '@quarry/shared';
import { CONNECTOR_RESPONSE_CACHE_MS } from '@quarry/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const integrationsQueryKey = ['integrations'] as const;

export const getIntegrations = (signal?: AbortSignal) => api<IntegrationsResponse>('/api/integrations', { signal });

/**
 * The catalogue with the company's connections, shared by /preferences/integrations and the flow
 * page's engagement destination; kept 5 s (spec section 9: connector response cache).
 */
export const integrationsQueryOptions = () =>
  queryOptions({
    queryKey: integrationsQueryKey,
    queryFn: ({ signal }) => getIntegrations(signal),
    staleTime: CONNECTOR_RESPONSE_CACHE_MS,
  });

export const useIntegrations = () => useQuery(integrationsQueryOptions());

/** The sequences (cadences) of a connected tool a send can enrol contacts in; empty where Quarry cannot enrol. */
export const useSequences = (type: IntegrationType | null) =>
  useQuery({
    queryKey: [...integrationsQueryKey, type, 'sequences'],
    queryFn: ({ signal }) =>
      api<SequencesResponse>(`/api/integrations/${type}/sequences`, { signal }).then((r) => r.sequences),
    enabled: type !== null,
    staleTime: CONNECTOR_RESPONSE_CACHE_MS,
  });

/** Where a tool's sequences can send from (Outreach mailboxes, Apollo email accounts, HubSpot senders); empty where it asks for none. */
export const useMailboxes = (type: IntegrationType | null) =>
  useQuery({
    queryKey: [...integrationsQueryKey, type, 'mailboxes'],
    queryFn: ({ signal }) =>
      api<MailboxesResponse>(`/api/integrations/${type}/mailboxes`, { signal }).then((r) => r.mailboxes),
    enabled: type !== null,
    staleTime: CONNECTOR_RESPONSE_CACHE_MS,
  });
