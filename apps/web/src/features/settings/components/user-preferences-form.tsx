import { Button, Group, SegmentedControl, Select, Stack, TextInput, Title, useMantineColorScheme } from '@mantine/core';
import type { UserDocument } from '@quarry/shared';
import { MAX_NAME_LENGTH } from '@quarry/shared/constants';
import { LANGUAGES } from '@quarry/shared/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { changeLanguage, isLanguage } from '../../../lib/i18n.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUpdateOwnField } from '../../auth/api/update-own-field.ts';

/** Personal preferences: one component wherever it appears (settings and /preferences/user). */
export function UserPreferencesForm({ user }: { user: UserDocument }) {
  const { t, i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const update = useUpdateOwnField();
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
      setError(e instanceof ApiError ? e.message : t('errors.generic'));
    }
  }

  return (
    <Stack maw={480} gap="lg">
      <Title order={2} size="h3">
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
          />
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
      <Select
        label={t('userMenu.language')}
        value={isLanguage(i18n.language) ? i18n.language : 'en'}
        allowDeselect={false}
        data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        onChange={(value) => {
          if (!isLanguage(value)) return;
          void changeLanguage(value);
          update.mutate({ field: 'preferences.language', value });
        }}
      />
      <div>
        <SegmentedControl
          aria-label={t('userMenu.appearance')}
          value={colorScheme === 'auto' ? 'system' : colorScheme}
          onChange={(value) => {
            setColorScheme(value === 'system' ? 'auto' : (value as 'light' | 'dark'));
            update.mutate({ field: 'preferences.theme', value: value as 'light' | 'dark' | 'system' });
          }}
          data={[
            { value: 'light', label: t('userMenu.light') },
            { value: 'dark', label: t('userMenu.dark') },
            { value: 'system', label: t('userMenu.system') },
          ]}
        />
      </div>
    </Stack>
  );
}
