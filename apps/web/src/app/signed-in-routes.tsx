import { type RouteObject, redirect } from 'react-router';
import { lazyWithReload } from '../lib/chunk-reload.ts';
import { loadFeatureStrings } from '../lib/i18n.ts';
import { requireManagerOrAdmin, requireSupport, requireSupportAsItself, sendSupportToTools } from './guards.ts';

/** A route that shows flow strings (start buttons, /actions, AI email preferences) loads them with its code. */
const withFeatureStrings = <T,>(load: () => Promise<T>) =>
  lazyWithReload(() => Promise.all([load(), loadFeatureStrings()]).then(([route]) => route));

const settings = lazyWithReload(() => import('./pages/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })));

/** The screens behind sign-in, each by its path. */
export const signedInRoutes: RouteObject[] = [
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
  // The matches' list is Home: an address cut back from a match's page ("/valueMatch") goes there.
  { path: 'valueMatch', loader: () => redirect('/') },
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
    // Recorded in the analytics as one page (use-navigation-effects.ts).
    handle: { notFound: true },
    lazy: lazyWithReload(() => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }))),
  },
];
