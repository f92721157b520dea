import type { LoginBody, MeResponse } from '@quarry/shared';
import { api } from '../../../lib/api-client.ts';

export const login = (body: LoginBody) => api<MeResponse>('/api/session/login', { method: 'POST', body });
