import { useQueryClient } from '@tanstack/react-query';
import { flushAnalytics } from '../../../lib/analytics.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { clearIdentityToken } from '../../../lib/identity-token.ts';
import { clearIntegrationToken } from '../../../lib/integration-token.ts';
import { logError } from '../../../lib/log-error.ts';
import { announceSessionChange } from '../../../lib/session-channel.ts';
import { logout } from '../api/logout.ts';

/**
 * Sends pending analytics, ends the session, resets auth state and company configuration, tells
 * the other tabs, and loads /login afresh: nothing of the session stays in memory, and the next
 * person to sign in on this machine lands on Home, not on the page the last one left (the guard had
 * sent the reset shell to /login?redirect=…).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const reset = useAuthStore((s) => s.reset);
  return async () => {
    await flushAnalytics().catch(() => 0);
    try {
      await logout();
    } catch (error) {
      logError('Failed sign-out', error);
    }
    clearIdentityToken();
    clearIntegrationToken();
    queryClient.clear();
    reset();
    announceSessionChange('signed_out');
    window.location.replace('/login');
  };
}
