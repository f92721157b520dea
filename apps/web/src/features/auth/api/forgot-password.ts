import { api } from '../../../lib/api-client.ts';

export const forgotPassword = (email: string) =>
  api<{ ok: true; message?: string }>('/api/session/forgot-password', { method: 'POST', body: { email } });
