import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { startImpersonation } from '../../features/support/api/start-impersonation.ts';
import { flushAnalytics } from '../../lib/analytics.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { meQueryOptions } from '../../lib/get-me.ts';
import { clearIdentityToken } from '../../lib/identity-token.ts';
import { clearIntegrationToken } from '../../lib/integration-token.ts';
import { logError } from '../../lib/log-error.ts';
import { announceSessionChange } from '../../lib/session-channel.ts';

/**
 * Spec section 4: saves the original user data, loads the target user's document, clears the
 * integration token and reloads the company configuration. The server refuses anyone but the
 * support account; the refusal is logged and passed on.
 */
export function useStartImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (uid: string, reason: string): Promise<void> => {
    // What was queued so far belongs to the support account itself.
    await flushAnalytics().catch(() => 0);
    let me: Awaited<ReturnType<typeof startImpersonation>>;
    try {
      me = await startImpersonation({ uid, reason });
    } catch (error) {
      logError('Impersonation not allowed for this user', error);
      throw error;
    }
    clearIntegrationToken();
    clearIdentityToken();
    queryClient.clear();
    useAuthStore.getState().beginImpersonation(me.user);
    queryClient.setQueryData(meQueryOptions().queryKey, me);
    await queryClient.refetchQueries({ queryKey: meQueryOptions().queryKey });
    navigate('/', { replace: true });
    announceSessionChange();
  };
}
