import type { EmailPreferences } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { emailPreferenceKeys } from './email-preference-keys.ts';

export const getEmailPreferences = (signal?: AbortSignal) =>
  api<EmailPreferences>('/api/email-preferences', { signal });

export const emailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: emailPreferenceKeys.emailPreferences,
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });

/** The user's personal and the organization's AI email rules and examples, and whether they may edit the latter. */
export const useEmailPreferences = () => useQuery(emailPreferencesQueryOptions());
