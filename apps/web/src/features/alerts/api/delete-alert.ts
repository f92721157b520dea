import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

/** Deletes an alert for everyone; the support list and the banner refresh. */
export function useDeleteAlert() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: ['alerts', 'delete'],
    mutationFn: (id: string) => api<null>(`/api/support/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    meta: { invalidates: [alertKeys.managed, alertKeys.banner], errorSnack: t('errors.generic') },
  });
}
