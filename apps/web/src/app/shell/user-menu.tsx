import { Avatar, Menu, ScrollArea, SegmentedControl, Select, Stack, Text, useMantineColorScheme } from '@mantine/core';
import type { Language, UserDocument } from '@quarry/shared';
import { USER_MENU_MAX_HEIGHT, USER_MENU_WIDTH } from '@quarry/shared/constants';
import { LANGUAGES } from '@quarry/shared/languages';
import { IconBuilding, IconLogout, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { useUpdateOwnField } from '../../features/auth/api/update-own-field.ts';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { changeLanguage, isLanguage } from '../../lib/i18n.ts';
import { logError } from '../../lib/log-error.ts';
import { showRouteSnackbar } from '../../lib/snackbar-store.ts';
import { userInitials } from './user-initials.ts';

/** Each language named in itself. */
const languageNames: Record<Language, string> = {
  en: 'English',
  ko: '한국어',
  fr: 'Français',
  cn: '简体中文',
  ja: '日本語',
};

export function UserMenu({
  user,
  impersonating,
  itemClassName,
}: {
  user: UserDocument;
  impersonating: boolean;
  itemClassName: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const companyName = queryClient.getQueryData(meQueryOptions().queryKey)?.company_configuration?.company_name;
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const updateField = useUpdateOwnField();
  const isOrgAdmin = user.is_admin || user.is_manager;

  async function onLanguage(value: string | null) {
    if (!isLanguage(value) || value === i18n.language) return;
    await changeLanguage(value);
    showRouteSnackbar(
      t('userMenu.languageChanged', { language: languageNames[value] }),
      '/settings?category=userPreferences',
    );
    updateField.mutate(
      { field: 'preferences.language', value },
      { onError: (error) => logError('Field update failed: preferences.language', error) },
    );
  }

  return (
    <Menu position="right-end" width={USER_MENU_WIDTH} shadow="md" withinPortal closeOnItemClick>
      <Menu.Target>
        <button type="button" className={itemClassName} data-testid="user-menu">
          <Avatar
            size={30}
            radius="xl"
            color={impersonating ? 'orange' : 'blue'}
            variant={impersonating ? 'filled' : 'light'}
            data-impersonating={impersonating}
          >
            {userInitials(user.email)}
          </Avatar>
          <span>{user.display_name}</span>
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={USER_MENU_MAX_HEIGHT}>
          <Stack gap={0} px="sm" py={6}>
            <Text fw={600} size="sm" truncate>
              {user.display_name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
            {companyName && (
              <Text size="xs" c="dimmed" truncate>
                {companyName}
              </Text>
            )}
          </Stack>
          <Menu.Divider />
          <Menu.Label>{t('userMenu.appearance')}</Menu.Label>
          <SegmentedControl
            mx="xs"
            size="xs"
            fullWidth
            value={colorScheme === 'auto' ? 'system' : colorScheme}
            onChange={(value) => setColorScheme(value === 'system' ? 'auto' : (value as 'light' | 'dark'))}
            aria-label={t('userMenu.appearance')}
            data={[
              { value: 'light', label: t('userMenu.light') },
              { value: 'dark', label: t('userMenu.dark') },
              { value: 'system', label: t('userMenu.system') },
            ]}
          />
          <Menu.Label>{t('userMenu.language')}</Menu.Label>
          <Select
            mx="xs"
            size="xs"
            aria-label={t('userMenu.language')}
            value={isLanguage(i18n.language) ? i18n.language : 'en'}
            onChange={(value) => void onLanguage(value)}
            data={LANGUAGES.map((l) => ({ value: l, label: languageNames[l] }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data-testid="language-select"
          />
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconSettings size={16} />}
            onClick={() => navigate('/settings?category=userPreferences')}
          >
            {t('userMenu.personalSettings')}
          </Menu.Item>
          {isOrgAdmin && (
            <Menu.Item
              leftSection={<IconBuilding size={16} />}
              onClick={() => navigate('/settings?category=tenantConfiguration')}
            >
              {t('userMenu.organizationSettings')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
            {t('userMenu.logout')}
          </Menu.Item>
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
