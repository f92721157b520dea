import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { type HomeFilters, NO_HOME_FILTERS } from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WRAPPING_BUTTON } from '../../../components/fitting-labels.ts';
import { HomeFilterFields } from '../../../components/home-filter-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUpdateOwnField } from '../api/update-own-field.ts';

/** The filters Home opens with: picked here, saved on the server with the user's preferences. */
export function DefaultHomeFilters({ saved }: { saved: HomeFilters | undefined }) {
  const { t } = useTranslation();
  const update = useUpdateOwnField();
  // The member's own: support acting as them may try filters on Home, not change their defaults.
  const impersonating = useAuthStore((st) => st.impersonationActive);
  const [filters, setFilters] = useState<HomeFilters>(saved ?? NO_HOME_FILTERS);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    setError(null);
    try {
      await update.mutateAsync({ field: 'preferences.home_filters', value: filters });
      showSnackbar(t('settings.saved'));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="default-home-filters-title">
      <div>
        <Title order={3} size="h4" id="default-home-filters-title">
          {t('settings.defaultHomeFilters.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.defaultHomeFilters.description')}
        </Text>
      </div>
      <HomeFilterFields value={filters} onChange={setFilters} direction="column" />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          onClick={save}
          loading={update.isPending}
          disabled={impersonating}
          // "Enregistrer les filtres par défaut" had been cut at a phone's edge.
          {...WRAPPING_BUTTON}
        >
          {t('settings.defaultHomeFilters.save')}
        </Button>
        {impersonating && (
          <Text size="sm" c="dimmed">
            {t('apiErrors.reasons.impersonation_read_only')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
