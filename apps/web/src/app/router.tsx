import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyWithReload } from '../lib/chunk-reload.ts';
import { loadFeatureStrings } from '../lib/i18n.ts';
import { followAccountListCacheRule } from './follow-account-list-cache-rule.ts';
import { redirectSignedIn, requireSession } from './guards.ts';
import { PageLoader } from './pages/page-loader.tsx';
import { RootLayout } from './root-layout.tsx';
import { signedInRoutes } from './signed-in-routes.tsx';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    children: [
      {
        path: 'login',
        loader: redirectSignedIn,
        lazy: lazyWithReload(() =>
          import('../features/auth/components/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
        ),
      },
      {
        path: 'reset-password',
        lazy: lazyWithReload(() =>
          import('../features/auth/components/reset-password-page.tsx').then((m) => ({
            Component: m.ResetPasswordPage,
          })),
        ),
      },
      {
        path: 'accept-invitation',
        lazy: lazyWithReload(() =>
          import('../features/auth/components/accept-invitation-page.tsx').then((m) => ({
            Component: m.AcceptInvitationPage,
          })),
        ),
      },
      {
        path: 'sorry',
        lazy: lazyWithReload(() => import('./pages/sorry-page.tsx').then((m) => ({ Component: m.SorryPage }))),
      },
      {
        id: 'signed-in',
        // Every signed-in screen may show feature strings (a server error's translation among them).
        loader: (args) => Promise.all([requireSession(args), loadFeatureStrings()]).then(([session]) => session),
        children: signedInRoutes,
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
followAccountListCacheRule(router);
