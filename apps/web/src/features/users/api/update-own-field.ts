import type { UpdateOwnFieldBody, UserDocument } from '@quarry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { meQueryOptions } from '../../../lib/get-me.ts';
import { userKeys } from './user-keys.ts';

export const updateOwnField = (body: UpdateOwnFieldBody) => api<UserDocument>('/api/me', { method: 'PATCH', body });

export function useUpdateOwnField() {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((s) => s.setUser);
  return useMutation({
    mutationKey: userKeys.mutations.ownField,
    mutationFn: updateOwnField,
    onSuccess: (user) => {
      setUser(user);
      // The cached answer carries the new document at once: a navigation before the refetch
      // (meta) lands reads it (the session loader), and must not put the old document back.
      queryClient.setQueryData(meQueryOptions().queryKey, (me) => (me ? { ...me, user } : me));
    },
    meta: { invalidates: [meQueryOptions().queryKey] },
  });
}
