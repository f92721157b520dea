import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { ThemePreference } from '@quarry/shared';
import { STORAGE_KEYS } from '@quarry/shared/constants';
import { local } from './storage.ts';

const toMantine = (value: string | null): MantineColorScheme =>
  value === 'light' || value === 'dark' ? value : 'auto';
const fromMantine = (value: MantineColorScheme): ThemePreference => (value === 'auto' ? 'system' : value);

/** Keeps Mantine's scheme under the spec's key `theme_preference` with the spec's values (system, not auto). */
export function themePreferenceManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | null = null;
  return {
    get: (fallback) => (local.get(STORAGE_KEYS.theme) === null ? fallback : toMantine(local.get(STORAGE_KEYS.theme))),
    set: (value) => local.set(STORAGE_KEYS.theme, fromMantine(value)),
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.key === STORAGE_KEYS.theme) onUpdate(toMantine(event.newValue));
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => local.remove(STORAGE_KEYS.theme),
  };
}
