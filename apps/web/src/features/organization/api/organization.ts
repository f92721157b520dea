import type { Invitation, Member } from '@quarry/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { meQueryOptions } from '../../../lib/get-me.ts';
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
  const queryClient = useQueryClient();
  const setUser = useAuthStore((s) => s.setUser);
  const ownUid = useAuthStore((s) => s.user?.uid);
  return {
    setRoles: useMutation({
      mutationKey: organizationKeys.mutations.roles,
      mutationFn: ({ uid, roles }: { uid: string; roles: { is_admin: boolean; is_manager: boolean } }) =>
        api<Member>(`/api/organization/members/${encodeURIComponent(uid)}/roles`, { method: 'PUT', body: roles }),
      // One's own roles changed: the session's are read again, so the navigation and this page
      // show what the roles now allow at once (an admin who gave up the role lost the page).
      onSuccess: async (_member, { uid }) => {
        if (uid !== ownUid) return;
        const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
        setUser(me.user, me.impersonation);
      },
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
