import { Loader, Stack, Tabs, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import {
  OrganizationSettings,
  TeamPreferenceLinks,
} from '../../features/organization/components/organization-settings.tsx';
import { SignalSourcesSettings } from '../../features/signals/components/signal-sources-settings.tsx';
import { UserPreferencesForm } from '../../features/users/components/user-preferences-form.tsx';
import { useMe } from '../../lib/get-me.ts';
import { showSnackbar } from '../../lib/snackbar-store.ts';

type Category = 'userPreferences' | 'tenantConfiguration' | 'signalSources';

/** The same query with `category` set, so the address names the tab on screen. */
function withCategory(params: URLSearchParams, category: Category): string {
  const next = new URLSearchParams(params);
  next.set('category', category);
  return `?${next.toString()}`;
}

/**
 * /settings?category=userPreferences|tenantConfiguration|signalSources; the organization tab only
 * for admins and managers, Signal sources only for admins. Any other category (or one this user may not open) is replaced in the address by the
 * tab actually shown.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  if (!me.data) return <Loader />;
  const { user, company_configuration } = me.data;
  const canSeeOrganization = user.is_admin || user.is_manager;
  const requested = params.get('category') as Category | null;
  const category: Category =
    (requested === 'tenantConfiguration' && canSeeOrganization) || (requested === 'signalSources' && user.is_admin)
      ? requested
      : 'userPreferences';
  return (
    <Stack gap="lg">
      {requested !== category && (
        <>
          {/* A tab this user may not open is said so, as other refused pages are, not silently swapped. */}
          {(requested === 'tenantConfiguration' || requested === 'signalSources') && <NoAccessNotice />}
          <Navigate to={{ search: withCategory(params, category) }} replace />
        </>
      )}
      <Title order={1}>{t('screens.settings.title')}</Title>
      <Tabs value={category} onChange={(value) => value && setParams({ category: value })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="userPreferences">{t('userMenu.personalSettings')}</Tabs.Tab>
          {canSeeOrganization && <Tabs.Tab value="tenantConfiguration">{t('userMenu.organizationSettings')}</Tabs.Tab>}
          {user.is_admin && <Tabs.Tab value="signalSources">{t('signals.title')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="userPreferences" pt="lg">
          <Stack gap="xl">
            <UserPreferencesForm user={user} />
            {!canSeeOrganization && <TeamPreferenceLinks />}
          </Stack>
        </Tabs.Panel>
        {canSeeOrganization && (
          <Tabs.Panel value="tenantConfiguration" pt="lg">
            <OrganizationSettings configuration={company_configuration} isAdmin={user.is_admin} currentUid={user.uid} />
          </Tabs.Panel>
        )}
        {user.is_admin && (
          <Tabs.Panel value="signalSources" pt="lg">
            <SignalSourcesSettings />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

/** Tells, once, that the settings tab asked for is not this user's to see. */
function NoAccessNotice() {
  const { t } = useTranslation();
  useEffect(() => {
    showSnackbar(t('errors.noAccess'));
  }, [t]);
  return null;
}
