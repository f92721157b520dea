import { api } from '../../../lib/api-client.ts';

export const resetPassword = (token: string, password: string) =>
  api<{ ok: true }>('/api/session/reset-password', { method: 'POST', body: { token, password } });
