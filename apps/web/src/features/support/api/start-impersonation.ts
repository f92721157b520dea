import type { MeResponse, StartImpersonationBody } from '@quarry/shared';
import { api } from '../../../lib/api-client.ts';

/** Only the support account may start one; the answer is the target's document and configuration. */
export const startImpersonation = (body: StartImpersonationBody) =>
  api<MeResponse>('/api/support/impersonation', { method: 'POST', body });
