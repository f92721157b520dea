import type { AiEmailPreferences, EmailPreferenceScope, EmailPreferences } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { emailPreferencesQueryOptions } from './get-email-preferences.ts';

export const saveEmailPreferences = (scope: EmailPreferenceScope, body: AiEmailPreferences) =>
  api<EmailPreferences>(`/api/email-preferences/${scope}`, { method: 'PUT', body });

/** Replaces one scope's rules and examples (organization: admins only, 403 otherwise); records "Email Rule Mutated". */
export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['email-preferences', 'save'],
    mutationFn: ({ scope, body }: { scope: EmailPreferenceScope; body: AiEmailPreferences }) =>
      saveEmailPreferences(scope, body),
    onSuccess: (saved, { scope, body }) => {
      track('Email Rule Mutated', { scope, rules: body.rules.length, example_emails: body.example_emails.length });
      queryClient.setQueryData(emailPreferencesQueryOptions().queryKey, saved);
    },
  });
}
