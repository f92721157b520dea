import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyWithReload } from '../lib/chunk-reload.ts';
import { loadFeatureStrings } from '../lib/i18n.ts';
import { followAccountListCacheRule } from './follow-account-list-cache-rule.ts';
import {
  redirectSignedIn,
  requireManagerOrAdmin,
  requireSession,
  requireSupport,
  requireSupportAsItself,
  sendSupportToTools,
} from './guards.ts';
import { PageLoader } from './pages/page-loader.tsx';
import { RootLayout } from './root-layout.tsx';

/** A route that shows flow strings (start buttons, /actions, AI email preferences) loads them with its code. */
const withFeatureStrings = <T,>(load: () => Promise<T>) =>
  lazyWithReload(() => Promise.all([load(), loadFeatureStrings()]).then(([route]) => route));

const settings = lazyWithReload(() => import('./pages/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })));

const signedInRoutes: RouteObject[] = [
  {
    index: true,
    loader: sendSupportToTools,
    lazy: withFeatureStrings(
      lazyWithReload(() => import('./pages/home-route-page.tsx').then((m) => ({ Component: m.HomeRoutePage }))),
    ),
  },
  {
    path: 'accounts/:masterAccountId',
    lazy: withFeatureStrings(
      lazyWithReload(() => import('./pages/account-route-page.tsx').then((m) => ({ Component: m.AccountRoutePage }))),
    ),
  },
  {
    path: 'valueMatch/:masterAccountId',
    lazy: withFeatureStrings(
      lazyWithReload(() =>
        import('./pages/value-match-route-page.tsx').then((m) => ({ Component: m.ValueMatchRoutePage })),
      ),
    ),
  },
  {
    path: 'action/:flowId',
    lazy: withFeatureStrings(
      lazyWithReload(() =>
        import('../features/flows/components/flow-page.tsx').then((m) => ({ Component: m.FlowPage })),
      ),
    ),
  },
  {
    path: 'actions',
    lazy: withFeatureStrings(
      lazyWithReload(() =>
        import('../features/flows/components/actions-page.tsx').then((m) => ({ Component: m.ActionsPage })),
      ),
    ),
  },
  {
    path: 'MyTerritory',
    lazy: lazyWithReload(() => import('./pages/my-territory-page.tsx').then((m) => ({ Component: m.MyTerritoryPage }))),
  },
  {
    path: 'preferences/email',
    lazy: withFeatureStrings(
      lazyWithReload(() =>
        import('../features/email-preferences/components/email-preferences-page.tsx').then((m) => ({
          Component: m.EmailPreferencesPage,
        })),
      ),
    ),
  },
  {
    path: 'preferences/integrations',
    lazy: withFeatureStrings(
      lazyWithReload(() =>
        import('../features/integrations/components/integrations-page.tsx').then((m) => ({
          Component: m.IntegrationsPage,
        })),
      ),
    ),
  },
  {
    path: 'preferences/qualificationsignals',
    lazy: lazyWithReload(() =>
      import('./pages/value-preferences-pages.tsx').then((m) => ({ Component: m.QualificationSignalsRoutePage })),
    ),
  },
  {
    path: 'preferences/titles',
    lazy: lazyWithReload(() =>
      import('./pages/value-preferences-pages.tsx').then((m) => ({ Component: m.TargetTitlesRoutePage })),
    ),
  },
  {
    path: 'preferences/triggers',
    lazy: lazyWithReload(() =>
      import('./pages/value-preferences-pages.tsx').then((m) => ({ Component: m.TriggersRoutePage })),
    ),
  },
  {
    path: 'preferences/user',
    lazy: lazyWithReload(() =>
      import('../features/users/components/user-preferences-page.tsx').then((m) => ({
        Component: m.UserPreferencesPage,
      })),
    ),
  },
  {
    path: 'reporting',
    loader: requireManagerOrAdmin,
    lazy: withFeatureStrings(
      lazyWithReload(() =>
        import('../features/reporting/components/reporting-page.tsx').then((m) => ({ Component: m.ReportingPage })),
      ),
    ),
  },
  { path: 'settings', lazy: settings },
  {
    path: 'support-impersonation',
    loader: requireSupport,
    lazy: lazyWithReload(() =>
      import('./pages/support-tools-page.tsx').then((m) => ({ Component: m.SupportToolsPage })),
    ),
  },
  {
    path: 'support-alerts',
    loader: requireSupportAsItself,
    lazy: lazyWithReload(() =>
      import('../features/alerts/components/alerts-admin-page.tsx').then((m) => ({ Component: m.AlertsAdminPage })),
    ),
  },
  {
    path: 'upload',
    lazy: withFeatureStrings(
      lazyWithReload(() => import('./pages/upload-route-page.tsx').then((m) => ({ Component: m.UploadRoutePage }))),
    ),
  },
  {
    path: 'workspaces/:workspaceId',
    lazy: withFeatureStrings(
      lazyWithReload(() =>
        import('./pages/workspace-route-page.tsx').then((m) => ({ Component: m.WorkspaceRoutePage })),
      ),
    ),
  },
  {
    path: 'lists/:listId',
    lazy: withFeatureStrings(
      lazyWithReload(() => import('./pages/list-route-page.tsx').then((m) => ({ Component: m.ListRoutePage }))),
    ),
  },
  {
    path: '*',
    lazy: lazyWithReload(() => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }))),
  },
];

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
