import { Alert, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { EmailPreferenceScope } from '@quarry/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { useEmailPreferences } from '../api/get-email-preferences.ts';
import { EmailPreferencesForm } from './email-preferences-form.tsx';

/**
 * /preferences/email: AI email rules and example emails on a Personal and an Organization tab.
 * Only admins change the organization's (spec section 6); personal rules win where they conflict.
 */
export function EmailPreferencesPage() {
  const { t } = useTranslation();
  const preferences = useEmailPreferences();
  const [tab, setTab] = useState<EmailPreferenceScope>('personal');
  // Rules typed and not saved, on either tab: leaving the page asks first.
  const [dirty, setDirty] = useState<Record<EmailPreferenceScope, boolean>>({ personal: false, organization: false });
  const personalDirty = useCallback((d: boolean) => setDirty((was) => ({ ...was, personal: d })), []);
  const organizationDirty = useCallback((d: boolean) => setDirty((was) => ({ ...was, organization: d })), []);
  useUnsavedChangesGuard(dirty.personal || dirty.organization);
  return (
    <Stack gap="md" maw={820}>
      <div>
        <Title order={1}>{t('screens.emailPreferences.title')}</Title>
        <Text c="dimmed">{t('screens.emailPreferences.description')}</Text>
      </div>
      {preferences.isPending && (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={36} w={280} />
          <Skeleton h={160} />
        </Stack>
      )}
      {preferences.isError && (
        <Alert color="red" role="alert">
          {t('emailPreferences.errors.load')}
        </Alert>
      )}
      {preferences.isSuccess && (
        <Tabs value={tab} onChange={(value) => value && setTab(value as EmailPreferenceScope)}>
          <Tabs.List>
            <Tabs.Tab value="personal">{t('emailPreferences.personal')}</Tabs.Tab>
            <Tabs.Tab value="organization">{t('emailPreferences.organization')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="personal" pt="lg">
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('emailPreferences.personalHelp')}
              </Text>
              <EmailPreferencesForm
                scope="personal"
                saved={preferences.data.personal}
                canEdit
                onDirtyChange={personalDirty}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="organization" pt="lg">
            <Stack gap="md">
              {preferences.data.can_edit_organization ? (
                <Text size="sm" c="dimmed">
                  {t('emailPreferences.organizationHelp')}
                </Text>
              ) : (
                <Alert color="blue" variant="light" data-testid="email-preferences-read-only">
                  {t('emailPreferences.organizationReadOnly')}
                </Alert>
              )}
              <EmailPreferencesForm
                scope="organization"
                onDirtyChange={organizationDirty}
                saved={preferences.data.organization}
                canEdit={preferences.data.can_edit_organization}
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
