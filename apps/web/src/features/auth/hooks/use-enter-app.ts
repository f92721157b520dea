import type { MeResponse } from '@quarry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { meQueryOptions } from '../../../lib/get-me.ts';
import { getIdentityToken } from '../../../lib/identity-token.ts';
import { safeRedirect } from '../utils/safe-redirect.ts';
import { trackDailyLogin } from '../utils/track-daily-login.ts';

/**
 * After the server opened a session (the login form, an accepted invitation): keeps the user and
 * company configuration, forces a fresh identity token, then follows the redirect.
 */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((s) => s.setUser);
  const navigate = useNavigate();
  return async (me: MeResponse, redirect: string | null) => {
    queryClient.setQueryData(meQueryOptions().queryKey, me);
    setUser(me.user, me.impersonation);
    await getIdentityToken({ forceRefresh: true }).catch(() => undefined);
    trackDailyLogin();
    navigate(safeRedirect(redirect), { replace: true });
  };
}
