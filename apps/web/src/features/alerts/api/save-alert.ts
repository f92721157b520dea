import type { AlertBody, ManagedAlert } from '@quarry/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alertKeys } from './alert-keys.ts';

/** Publishes a new alert (no id) or saves an edited one; the support list and the banner refresh. */
export function useSaveAlert() {
  return useMutation({
    mutationKey: ['alerts', 'save'],
    mutationFn: ({ id, body }: { id?: string; body: AlertBody }) =>
      id
        ? api<ManagedAlert>(`/api/support/alerts/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : api<ManagedAlert>('/api/support/alerts', { method: 'POST', body }),
    meta: { invalidates: [alertKeys.managed, alertKeys.banner] },
  });
}
