import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { flushAnalytics } from '../../../lib/analytics.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { clearIdentityToken } from '../../../lib/identity-token.ts';
import { clearIntegrationToken } from '../../../lib/integration-token.ts';
import { logError } from '../../../lib/log-error.ts';
import { logout } from '../api/logout.ts';

/** Sends pending analytics, ends the session, resets auth state and company configuration, goes to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const reset = useAuthStore((s) => s.reset);
  const navigate = useNavigate();
  return async () => {
    await flushAnalytics().catch(() => 0);
    try {
      await logout();
    } catch (error) {
      logError('Failed sign-out', error);
    }
    clearIdentityToken();
    clearIntegrationToken();
    reset();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
}
