import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../lib/auth-store.ts';
import { lazyWithReload } from '../lib/chunk-reload.ts';
import { PageLoader } from './pages/page-loader.tsx';
import { TopSnackbars } from './shell/top-snackbars.tsx';
import { useNavigationEffects } from './use-navigation-effects.ts';

// The signed-in frame loads on its own so the sign-in page stays small.
const SignedInShell = lazy(
  lazyWithReload(() => import('./shell/signed-in-shell.tsx').then((m) => ({ default: m.SignedInShell }))),
);

/** The shell is shown only when user data exists or the path is /login (spec section 2). */
export function RootLayout() {
  useNavigationEffects();
  const user = useAuthStore((s) => s.user);
  const { pathname } = useLocation();
  if (user) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SignedInShell user={user} />
      </Suspense>
    );
  }
  return (
    <>
      {pathname === '/login' && <TopSnackbars />}
      <Outlet />
    </>
  );
}
