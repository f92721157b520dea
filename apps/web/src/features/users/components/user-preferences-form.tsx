import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import type { UserDocument } from '@quarry/shared';
import { MAX_NAME_LENGTH } from '@quarry/shared/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpLinkGroup, useHelpLinks } from '../../../components/help-links.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUpdateOwnField } from '../api/update-own-field.ts';
import { AppearanceControl } from './appearance-control.tsx';
import { DefaultHomeFilters } from './default-home-filters.tsx';
import { LanguageSelect } from './language-select.tsx';

/** Personal preferences: one component wherever it appears (settings and /preferences/user). */
export function UserPreferencesForm({ user, headingOrder = 2 }: { user: UserDocument; headingOrder?: 1 | 2 }) {
  const { t } = useTranslation();
  const help = useHelpLinks();
  const update = useUpdateOwnField();
  // Support acting as the member sees the member's settings, and changes none of them.
  const impersonating = useAuthStore((st) => st.impersonationActive);
  const [displayName, setDisplayName] = useState(user.display_name);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = displayName.trim();
    if (!value) return setError(t('settings.displayNameRequired'));
    setError(null);
    try {
      await update.mutateAsync({ field: 'display_name', value });
      showSnackbar(t('settings.saved'));
    } catch (e) {
      // The only input here is the display name: whatever the server names ("value"), show it there.
      setError(fieldError(e, ['value'], t('errors.generic')).message);
    }
  }

  return (
    <Stack maw={480} gap="lg">
      {/* A page of its own at /preferences/user (its h1, the tab's name); a section of Settings there. */}
      <Title order={headingOrder} size="h3">
        {t('settings.personal')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('settings.displayName')}
            value={displayName}
            maxLength={MAX_NAME_LENGTH}
            onChange={(e) => setDisplayName(e.currentTarget.value)}
            error={error}
            disabled={impersonating}
            description={impersonating ? t('apiErrors.reasons.impersonation_read_only') : undefined}
          />
          <Button type="submit" loading={update.isPending} disabled={impersonating}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
      <LanguageSelect />
      <div>
        <AppearanceControl />
      </div>
      <DefaultHomeFilters saved={user.preferences.home_filters} />
      {/* Help hosted outside Quarry (spec section 9): here, since the user menu has no room left in its 20rem. */}
      <HelpLinkGroup
        links={[
          { label: t('help.support'), href: help.support },
          { label: t('help.changelog'), href: help.changelog },
        ]}
      />
    </Stack>
  );
}
