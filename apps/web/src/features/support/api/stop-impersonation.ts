import type { MeResponse } from '@quarry/shared';
import { api } from '../../../lib/api-client.ts';

/** Ends this session's impersonation; the answer is the support account's own document. */
export const stopImpersonation = () => api<MeResponse>('/api/support/impersonation', { method: 'DELETE' });
