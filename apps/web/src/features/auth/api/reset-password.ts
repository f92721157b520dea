import { api } from '../../../lib/api-client.ts';

export const resetPassword = (token: string, password: string) =>
  api<{ ok: true }>('/api/session/reset-password', { method: 'POST', body: { token, password } });

/** Whether a mailed link can still set a password (a used or expired one cannot). */
export const checkResetLink = (token: string) =>
  api<{ valid: boolean }>('/api/session/reset-password/check', { method: 'POST', body: { token } });
