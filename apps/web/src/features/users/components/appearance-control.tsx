import { SegmentedControl, type SegmentedControlProps, useMantineColorScheme } from '@mantine/core';
import type { ThemePreference } from '@quarry/shared/languages';
import { useTranslation } from 'react-i18next';
import { useSaveOwnChoice } from '../api/save-own-choice.ts';

/**
 * Light, dark or system: applied at once, kept locally (theme_preference) and in the user's
 * preferences (not while support impersonates them: see useSaveOwnChoice).
 */
export function AppearanceControl(props: Omit<SegmentedControlProps, 'value' | 'onChange' | 'data'>) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = useSaveOwnChoice();
  function onChange(value: string) {
    const preference = value as ThemePreference;
    setColorScheme(preference === 'system' ? 'auto' : preference);
    save({ field: 'preferences.theme', value: preference });
  }
  return (
    <SegmentedControl
      aria-label={t('userMenu.appearance')}
      {...props}
      value={colorScheme === 'auto' ? 'system' : colorScheme}
      onChange={onChange}
      data={[
        { value: 'light', label: t('userMenu.light') },
        { value: 'dark', label: t('userMenu.dark') },
        { value: 'system', label: t('userMenu.system') },
      ]}
    />
  );
}
