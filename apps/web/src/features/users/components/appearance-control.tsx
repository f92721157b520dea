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
  const { appearance, choose } = useAppearance();
  return (
    <SegmentedControl
      aria-label={t('userMenu.appearance')}
      {...props}
      value={appearance}
      onChange={(value) => choose(value as ThemePreference)}
      data={THEME_PREFERENCES.map((value) => ({ value, label: t(`userMenu.${value}`) }))}
    />
  );
}

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

/** The appearance shown, and the choice of another: applied at once and kept (see AppearanceControl). */
export function useAppearance(): { appearance: ThemePreference; choose: (preference: ThemePreference) => void } {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = useSaveOwnChoice();
  return {
    appearance: colorScheme === 'auto' ? 'system' : colorScheme,
    choose(preference) {
      setColorScheme(preference === 'system' ? 'auto' : preference);
      save({ field: 'preferences.theme', value: preference });
    },
  };
}
