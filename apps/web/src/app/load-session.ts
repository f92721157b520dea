import type { MeResponse } from '@quarry/shared';
import { ApiError } from '../lib/api-client.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { meQueryOptions } from '../lib/get-me.ts';
import { logError } from '../lib/log-error.ts';
import { queryClient } from '../lib/query-client.ts';
import { setSessionConfirmed } from '../lib/session-ended.ts';

/**
 * Loads the signed-in user's document and company configuration, or null when signed out.
 * No user document means the session is useless: the user is signed out (spec section 4).
 */
export async function loadSession(): Promise<MeResponse | null> {
  try {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    useAuthStore.getState().setUser(me.user, me.impersonation);
    setSessionConfirmed(true);
    if (!me.company_configuration) logError('Company config does not exist');
    return me;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      if (error.status === 404) logError('No user document found', error);
      setSessionConfirmed(false);
      queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
      useAuthStore.getState().reset();
      return null;
    }
    throw error;
  }
}
