import { api } from '../../../lib/api-client.ts';

export const logout = () => api<{ ok: true }>('/api/session/logout', { method: 'POST' });
