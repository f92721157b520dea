import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { stopImpersonation } from '../../features/support/api/stop-impersonation.ts';
import { flushAnalytics } from '../../lib/analytics.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { clearIdentityToken } from '../../lib/identity-token.ts';
import { clearIntegrationToken } from '../../lib/integration-token.ts';
import { logError } from '../../lib/log-error.ts';
import { announceSessionChange } from '../../lib/session-channel.ts';

/**
 * Spec section 4: restores the original data and goes to /support-impersonation; a failure is only
 * logged. Once the server has ended it (its 60 minutes are up) there is nothing to ask it.
 */
export function useStopImpersonation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async ({ endedByServer = false }: { endedByServer?: boolean } = {}): Promise<void> => {
    await flushAnalytics().catch(() => 0);
    if (!endedByServer) {
      try {
        await stopImpersonation();
      } catch (error) {
        logError('Failed to stop impersonation', error);
      }
    }
    clearIntegrationToken();
    clearIdentityToken();
    useAuthStore.getState().endImpersonation();
    queryClient.clear();
    navigate('/support-impersonation', { replace: true });
    announceSessionChange();
  };
}
