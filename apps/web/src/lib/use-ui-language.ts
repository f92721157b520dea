import type { Language } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './i18n.ts';

/** The interface's language, for formatting dates and numbers; re-renders when the reader switches. */
export function useUiLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
