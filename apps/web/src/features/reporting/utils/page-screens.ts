import { NOT_FOUND_PAGE } from '../../../lib/not-found-page.ts';

/**
 * The screen each recorded page is, by the name the navigation or the page itself gives it. The
 * server records a page with an id as its pattern ("/accounts/:id"); a path this version does
 * not know (an old one, or a mistyped address) shows as recorded.
 */
export const PAGE_SCREENS: Readonly<Record<string, string>> = {
  // Home's page title is "Value Match", as is one match's: the navigation's "Value" tells them apart.
  '/': 'nav.value',
  '/accounts/:id': 'screens.account.title',
  '/valueMatch/:id': 'screens.valueMatch.title',
  '/action/:id': 'screens.action.title',
  '/actions': 'screens.actions.title',
  '/MyTerritory': 'screens.myTerritory.title',
  '/preferences/email': 'screens.emailPreferences.title',
  '/preferences/integrations': 'screens.integrations.title',
  '/preferences/qualificationsignals': 'screens.qualificationSignals.title',
  '/preferences/titles': 'screens.titles.title',
  '/preferences/triggers': 'screens.triggers.title',
  '/reporting': 'screens.reporting.title',
  '/settings': 'screens.settings.title',
  '/preferences/user': 'settings.personal',
  '/support-impersonation': 'screens.supportTools.title',
  '/support-alerts': 'alertsAdmin.title',
  '/upload': 'screens.upload.title',
  '/workspaces/:id': 'screens.workspace.title',
  '/lists/:id': 'nav.lists',
  // A signed-in user who lands on the navigation error page is recorded there too.
  '/sorry': 'sorry.title',
  // Any address the app has no page for, as one (use-navigation-effects.ts): a mistyped address
  // had shown as a page of its own ("/nope").
  [NOT_FOUND_PAGE]: 'reporting.pageNotFound',
};

/** The key of the screen a recorded page is, if this version knows it. */
export const pageScreenKey = (page: string): string | undefined =>
  Object.hasOwn(PAGE_SCREENS, page) ? PAGE_SCREENS[page] : undefined;

/** A recorded page as the page-views chart names it: its screen, the path beside; an unknown path as recorded. */
export const pageLabel = (page: string, t: (key: string) => string): string => {
  const key = pageScreenKey(page);
  return key ? `${t(key)} (${page})` : page;
};

/** A recorded page's screen name alone ("Triggers"); an unknown path as recorded. */
export const pageScreenName = (page: string, t: (key: string) => string): string => {
  const key = pageScreenKey(page);
  return key ? t(key) : page;
};
