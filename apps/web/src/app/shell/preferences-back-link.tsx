import { Anchor } from '@mantine/core';
import type { UserDocument } from '@quarry/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/**
 * Above a /preferences/* page, the way back to the settings it is opened from: Organization
 * Settings for an admin or manager, Personal Settings otherwise (and for /preferences/user). The
 * pages had no link back; the navigation leads to no settings.
 */
export function PreferencesBackLink({ user }: { user: UserDocument }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = pathname.toLowerCase();
  if (!path.startsWith('/preferences/')) return null;
  const organization = (user.is_admin || user.is_manager) && path !== '/preferences/user';
  return (
    <Anchor
      component={Link}
      to={organization ? '/settings?category=tenantConfiguration' : '/settings?category=userPreferences'}
      size="sm"
      mb="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      data-testid="preferences-back"
    >
      <IconArrowLeft size={14} aria-hidden />
      {organization ? t('userMenu.organizationSettings') : t('userMenu.personalSettings')}
    </Anchor>
  );
}
