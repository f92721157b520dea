import { Avatar, Menu, Stack, Text } from '@mantine/core';
import type { UserDocument } from '@quarry/shared';
import { USER_MENU_MAX_HEIGHT, USER_MENU_WIDTH } from '@quarry/shared/constants';
import { LANGUAGES, LOCALE_FORMATS, type ThemePreference } from '@quarry/shared/languages';
import { IconBuilding, IconCompass, IconLanguage, IconLogout, IconSettings, IconSunMoon } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { THEME_PREFERENCES, useAppearance } from '../../features/users/components/appearance-control.tsx';
import { LANGUAGE_NAMES, useChooseLanguage } from '../../features/users/components/language-select.tsx';
import { meQueryOptions } from '../../lib/get-me.ts';
import { i18n } from '../../lib/i18n.ts';
import { showRouteSnackbar } from '../../lib/snackbar-store.ts';
import { FOCUS_GUIDE_STATE } from '../first-run/first-run-guide.tsx';
import { useFirstRunGuide } from '../first-run/use-first-run-guide.ts';
import { useSubMenuKeys } from './sub-menu-keys.ts';
import { userInitials } from './user-initials.ts';

export function UserMenu({
  user,
  impersonating,
  itemClassName,
}: {
  user: UserDocument;
  impersonating: boolean;
  itemClassName: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const companyName = queryClient.getQueryData(meQueryOptions().queryKey)?.company_configuration?.company_name;
  const isOrgAdmin = user.is_admin || user.is_manager;
  const guide = useFirstRunGuide();
  const appearance = useAppearance();
  const subMenu = useSubMenuKeys<'appearance' | 'language'>();
  const appearanceKeys = subMenu('appearance');
  const languageKeys = subMenu('language');
  const language = useChooseLanguage((chosen) =>
    showRouteSnackbar(
      // In the language just chosen: this render's `t` still speaks the one it replaced.
      i18n.t('userMenu.languageChanged', { language: LANGUAGE_NAMES[chosen] }),
      '/settings?category=userPreferences',
    ),
  );

  /** Reopens the first-run guide on Home (issue #17, item 14). */
  function openGuide() {
    guide.setGuide('open', () => navigate('/', { state: FOCUS_GUIDE_STATE }));
  }

  return (
    <Menu
      position="right-end"
      width={USER_MENU_WIDTH}
      shadow="md"
      withinPortal
      closeOnItemClick
      // Fixed like the navigation it hangs from: placed in the page instead, reaching an item scrolled
      // the page under it and the item moved away between press and release.
      floatingStrategy="fixed"
      // On a phone the expanded card leaves no room beside it: the menu moves left over the card
      // rather than off the screen (it ran 75 px past a 390 px screen).
      middlewares={{ flip: true, shift: { padding: 8, crossAxis: true } }}
      // A little tighter than Mantine's items, so that an admin's menu in French (whose "Paramètres
      // de l'organisation" takes two lines) keeps every item in sight within the 20rem.
      styles={{ item: { paddingBlock: 5 } }}
    >
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
      <Menu.Dropdown mah={USER_MENU_MAX_HEIGHT} style={{ display: 'flex', flexDirection: 'column' }}>
        {/* Everything but Logout scrolls inside the menu's 20rem; Logout stays in sight below it,
            whatever the role adds above (Organization Settings) and however short the window. */}
        {/* A plain scrolling box: Mantine's ScrollArea put a focusable presentational element
            among the menu's items (axe: aria-required-children). Not positioned, so the two
            sub-menus it holds open beside the menu, not cut off inside it. */}
        <div style={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto' }} data-testid="user-menu-scroll">
          <Stack gap={0} px="sm" py={4}>
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
          {/* Appearance and language are menus of their own, one line each, named by what they
              show ("Appearance: System"): their choices are menu radio items a screen reader reads
              as choices, where a segmented control and a select inside the menu were not items of
              it (axe: aria-required-children), and the two took a line each all the same. */}
          <ChoiceMenu
            keys={appearanceKeys}
            icon={<IconSunMoon size={16} aria-hidden />}
            label={t('userMenu.appearance')}
            testId="appearance-menu"
            value={appearance.appearance}
            choices={THEME_PREFERENCES.map((value) => ({ value, label: t(`userMenu.${value}`) }))}
            onChoose={(value) => appearance.choose(value as ThemePreference)}
          />
          <ChoiceMenu
            keys={languageKeys}
            icon={<IconLanguage size={16} aria-hidden />}
            label={t('userMenu.language')}
            testId="language-menu"
            value={language.language}
            choices={LANGUAGES.map((value) => ({
              value,
              label: LANGUAGE_NAMES[value],
              lang: LOCALE_FORMATS[value].locale,
            }))}
            onChoose={(value) => void language.choose(value)}
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
          <Menu.Item leftSection={<IconCompass size={16} />} onClick={openGuide}>
            {t('userMenu.gettingStarted')}
          </Menu.Item>
        </div>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * One line of the user menu naming its current choice ("Language: English"), opening a menu of
 * radio items to choose another; `keys` from useSubMenuKeys.
 */
function ChoiceMenu({
  keys,
  icon,
  label,
  testId,
  value,
  choices,
  onChoose,
}: {
  keys: ReturnType<ReturnType<typeof useSubMenuKeys>>;
  icon: ReactNode;
  label: string;
  testId: string;
  value: string;
  choices: { value: string; label: string; lang?: string }[];
  onChoose: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu.Sub {...keys.sub}>
      <Menu.Sub.Target>
        <Menu.Sub.Item leftSection={icon} data-testid={testId} {...keys.item}>
          {t('common.labelled', { label })}
          {choices.find((c) => c.value === value)?.label}
        </Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown aria-label={label} {...keys.dropdown}>
        <Menu.RadioGroup value={value} onChange={onChoose}>
          {choices.map((c) => (
            <Menu.RadioItem key={c.value} value={c.value} lang={c.lang}>
              {c.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}
