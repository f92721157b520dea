import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { meQueryOptions } from '../../../lib/get-me.ts';
import { getIdentityToken } from '../../../lib/identity-token.ts';
import { login } from '../api/login.ts';
import { safeRedirect } from '../utils/safe-redirect.ts';
import { trackDailyLogin } from '../utils/track-daily-login.ts';

/** Signs in, loads the user and company configuration, forces a fresh identity token, then follows the redirect. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((s) => s.setUser);
  const navigate = useNavigate();
  return async (email: string, password: string, redirect: string | null) => {
    const me = await login({ email, password });
    queryClient.setQueryData(meQueryOptions().queryKey, me);
    setUser(me.user, me.impersonation);
    await getIdentityToken({ forceRefresh: true }).catch(() => undefined);
    trackDailyLogin();
    navigate(safeRedirect(redirect), { replace: true });
  };
}
