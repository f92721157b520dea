import type { Invitation, Member } from '@quarry/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { organizationKeys } from './organization-keys.ts';

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.members,
    queryFn: () => api<{ members: Member[] }>('/api/organization/members').then((r) => r.members),
  });

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.invitations,
    queryFn: () => api<{ invitations: Invitation[] }>('/api/organization/invitations').then((r) => r.invitations),
  });

export const useMembers = () => useQuery(membersQueryOptions());
export const useInvitations = () => useQuery(invitationsQueryOptions());

/** A member's roles, an invitation sent or revoked; the members and invitations are read again after each. */
export function useOrganizationActions() {
  const { t } = useTranslation();
  return {
    setRoles: useMutation({
      mutationKey: organizationKeys.mutations.roles,
      mutationFn: ({ uid, roles }: { uid: string; roles: { is_admin: boolean; is_manager: boolean } }) =>
        api<Member>(`/api/organization/members/${encodeURIComponent(uid)}/roles`, { method: 'PUT', body: roles }),
      // A refusal says why (the last admin cannot lose the role) in the reader's language.
      meta: {
        invalidates: [organizationKeys.organization],
        errorSnack: (error) => fieldError(error, [], t('errors.generic')).message,
      },
    }),
    // Its refusals show in the invite form, under the field they name.
    invite: useMutation({
      mutationKey: organizationKeys.mutations.invite,
      mutationFn: (body: { email: string; display_name: string }) =>
        api<Invitation>('/api/organization/invitations', { method: 'POST', body }),
      meta: { invalidates: [organizationKeys.organization] },
    }),
    revoke: useMutation({
      mutationKey: organizationKeys.mutations.revoke,
      mutationFn: (id: string) =>
        api<null>(`/api/organization/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      meta: { invalidates: [organizationKeys.organization], errorSnack: t('errors.generic') },
    }),
  };
}
