import { Box } from '@mantine/core';
import type { UserDocument } from '@quarry/shared';
import { NAV_CARD_WIDTH_COLLAPSED } from '@quarry/shared/constants';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AlertBanner } from '../../features/alerts/components/alert-banner.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useMe } from '../../lib/get-me.ts';
import { onSessionChange } from '../../lib/session-channel.ts';
import { showSnackbar } from '../../lib/snackbar-store.ts';
import { useImpersonationExpiry } from '../impersonation/use-impersonation-expiry.ts';
import { useStopImpersonation } from '../impersonation/use-stop-impersonation.ts';
import { PageLoader } from '../pages/page-loader.tsx';
import { FocusKeeper } from './focus-keeper.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { useMenuKeys } from './menu-keys.ts';
import classes from './nav-card.module.css';
import { NavCard } from './nav-card.tsx';
import { PreferencesBackLink } from './preferences-back-link.tsx';
import { TopSnackbars } from './top-snackbars.tsx';
import { useSavedChoices } from './use-saved-choices.ts';
import { ViewAsBanner } from './view-as-banner.tsx';
import { WorkspaceDrawer } from './workspace-drawer.tsx';

/** The signed-in frame: banners, navigation card, drawer, snackbars around the main view. */
export function AppShell({ user }: { user: UserDocument }) {
  const impersonating = useAuthStore((s) => s.impersonationActive);
  const viewAs = useAuthStore((s) => s.viewAsUserData);
  const setViewAs = useAuthStore((s) => s.setViewAs);
  const stopImpersonation = useStopImpersonation();
  const { data: me } = useMe();
  useMenuKeys();
  const { t } = useTranslation();
  useSavedChoices(user, impersonating);
  // Support started or stopped acting as someone in another tab: this tab shares the cookie, so it
  // starts over at Home as whoever it now is, rather than showing the old name and banner. Signed
  // out in another tab: this one goes to sign-in too, rather than failing on every click.
  useEffect(() => onSessionChange((change) => window.location.assign(change === 'signed_out' ? '/login' : '/')), []);
  useImpersonationExpiry(impersonating ? me?.impersonation?.expires_at : undefined, () => {
    showSnackbar(t('impersonation.expired'));
    void stopImpersonation({ endedByServer: true });
  });
  return (
    <>
      {/* The keyboard's first stop: past the navigation, straight to the page. */}
      <button
        type="button"
        className={classes.skipLink}
        // Focus moves without the address gaining a "#main-content".
        onClick={() => document.getElementById('main-content')?.focus()}
      >
        {t('nav.skipToContent')}
      </button>
      {/* Banners sit beside the navigation card, never under it. */}
      <Box ml={NAV_CARD_WIDTH_COLLAPSED}>
        {impersonating && (
          <ImpersonationBanner
            user={user}
            companyName={me?.company_configuration?.company_name}
            expiresAt={me?.impersonation?.expires_at}
            onStop={() => stopImpersonation()}
          />
        )}
        {viewAs && <ViewAsBanner colleague={viewAs} onExit={() => setViewAs(null)} />}
        <AlertBanner />
      </Box>
      <NavCard user={user} impersonating={impersonating} />
      <FocusKeeper />
      <WorkspaceDrawer />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        ml={NAV_CARD_WIDTH_COLLAPSED}
        p="lg"
        mih="100vh"
        style={{ outline: 'none' }}
      >
        <TopSnackbars />
        <PreferencesBackLink user={user} />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </>
  );
}
