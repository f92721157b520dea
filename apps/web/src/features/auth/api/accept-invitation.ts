import type { MeResponse } from '@quarry/shared';
import { api } from '../../../lib/api-client.ts';

/** Creates the member and opens their session: the answer is theirs, as after signing in. */
export const acceptInvitation = (body: { token: string; display_name: string; password: string }) =>
  api<MeResponse>('/api/invitations/accept', { method: 'POST', body });
