import { useMantineColorScheme } from '@mantine/core';
import type { UserDocument } from '@quarry/shared';
import { useEffect, useRef } from 'react';
import { changeLanguage, currentLanguage } from '../../lib/i18n.ts';

/**
 * The language and theme a user chose are kept in their preferences as well as in this browser:
 * signed in on another browser (or after clearing this one), they are applied once the session is
 * known. Once per user, so a choice made here afterwards is not undone; never while support acts as
 * someone, whose own screen stays as support set it.
 */
export function useSavedChoices(user: UserDocument, impersonating: boolean): void {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (impersonating || appliedFor.current === user.uid) return;
    appliedFor.current = user.uid;
    const { language, theme } = user.preferences;
    if (language && language !== currentLanguage()) void changeLanguage(language);
    if (theme) {
      const scheme = theme === 'system' ? 'auto' : theme;
      if (scheme !== colorScheme) setColorScheme(scheme);
    }
  }, [user, impersonating, colorScheme, setColorScheme]);
}
