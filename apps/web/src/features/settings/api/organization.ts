import type { Invitation, Member } from '@quarry/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: ['organization', 'members'],
    queryFn: () => api<{ members: Member[] }>('/api/organization/members').then((r) => r.members),
  });

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['organization', 'invitations'],
    queryFn: () => api<{ invitations: Invitation[] }>('/api/organization/invitations').then((r) => r.invitations),
  });

export const useMembers = () => useQuery(membersQueryOptions());
export const useInvitations = () => useQuery(invitationsQueryOptions());

export function useOrganizationActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['organization'] });
  return {
    setRoles: useMutation({
      mutationFn: ({ uid, roles }: { uid: string; roles: { is_admin: boolean; is_manager: boolean } }) =>
        api<Member>(`/api/organization/members/${encodeURIComponent(uid)}/roles`, { method: 'PUT', body: roles }),
      onSettled: refresh,
    }),
    invite: useMutation({
      mutationFn: (body: { email: string; display_name: string }) =>
        api<Invitation>('/api/organization/invitations', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        api<null>(`/api/organization/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
