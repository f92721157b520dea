import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

export const setFavorite = (id: string, favorite: boolean) =>
  api<{ is_favorite: boolean; created: boolean }>(`/api/accounts/${encodeURIComponent(id)}/favorite`, {
    method: 'PUT',
    body: { favorite },
  });

export function useSetFavorite(id: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: accountKeys.mutations.favorite,
    mutationFn: (favorite: boolean) => setFavorite(id, favorite),
    onSuccess: (result) => {
      if (result.created) track('Favorite Created', { master_account_id: id });
    },
    meta: { invalidates: [accountKeys.detail(id)], errorSnack: t('errors.generic') },
  });
}
