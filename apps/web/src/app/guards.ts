import { type LoaderFunctionArgs, redirect } from 'react-router';
import { useAuthStore } from '../lib/auth-store.ts';
import { i18n } from '../lib/i18n.ts';
import { logError } from '../lib/log-error.ts';
import { showSnackbar } from '../lib/snackbar-store.ts';
import { loadSession } from './load-session.ts';

type Check = (me: NonNullable<Awaited<ReturnType<typeof loadSession>>>) => boolean;

/** Wraps a guard so that any unexpected failure lands on /sorry ("Navigation Error"). */
function guarded(run: (args: LoaderFunctionArgs) => Promise<Response | null>) {
  return async (args: LoaderFunctionArgs) => {
    try {
      const result = await run(args);
      if (result) throw result;
      return null;
    } catch (error) {
      if (error instanceof Response) throw error;
      logError('Navigation Error', error);
      throw redirect('/sorry');
    }
  };
}

/**
 * A signed-in user opening /login goes to /. The stored auth state decides without a request:
 * a stale one is caught by / itself, which sends the visitor back here signed out.
 */
export const redirectSignedIn = guarded(async () => (useAuthStore.getState().user ? redirect('/') : null));

/**
 * Signed-out visitors go to /login with the full original path and query in `redirect`;
 * a signed-in user who fails the check goes home, told that the page is not theirs to see.
 */
function requireRole(check: Check, refusal = 'errors.noAccess') {
  return guarded(async ({ request }) => {
    const url = new URL(request.url);
    const me = await loadSession();
    if (!me) return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
    if (check(me)) return null;
    // Not a silent bounce: the user learns why the page they asked for is not shown, and who may
    // open it, for long enough to read it (it waits while pointed at).
    showSnackbar(i18n.t(refusal), REFUSAL_MS);
    return redirect('/');
  });
}

/** How long a refusal stays: it names the page's owners, longer than the default 4 s allows to read. */
const REFUSAL_MS = 10_000;

export const requireSession = requireRole(() => true);

/** Reporting: managers and admins (the server enforces it too). */
export const requireManagerOrAdmin = requireRole(
  ({ user }) => user.is_admin || user.is_manager,
  'errors.noAccessReporting',
);

/** Support Tools: the support account, or any session already impersonating. */
export const requireSupport = requireRole(
  ({ user, impersonation }) => user.is_support || impersonation !== null,
  'errors.noAccessSupport',
);

/**
 * Global alerts: the support account as itself. Acting as a member, the page had opened on a
 * refusal beside a New alert button that did nothing (the server answers as the member).
 */
export const requireSupportAsItself = requireRole(
  ({ user, impersonation }) => user.is_support && impersonation === null,
  'errors.noAccessSupport',
);

/**
 * Home for the support account (not impersonating) is Support Tools: it belongs to no tenant, so
 * a feed there would only offer Assign buttons for accounts that are not its to work.
 */
export const sendSupportToTools = guarded(async () => {
  const me = await loadSession();
  return me?.user.is_support && me.impersonation === null ? redirect('/support-impersonation') : null;
});
