import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { accountQueryOptions } from './get-account.ts';

export const setFavorite = (id: string, favorite: boolean) =>
  api<{ is_favorite: boolean; created: boolean }>(`/api/accounts/${encodeURIComponent(id)}/favorite`, {
    method: 'PUT',
    body: { favorite },
  });

export function useSetFavorite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) => setFavorite(id, favorite),
    onSuccess: (result) => {
      if (result.created) track('Favorite Created', { master_account_id: id });
      void queryClient.invalidateQueries({ queryKey: accountQueryOptions(id).queryKey });
    },
  });
}
