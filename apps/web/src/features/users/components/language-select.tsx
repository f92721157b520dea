import { Select, type SelectProps } from '@mantine/core';
import { LANGUAGES, type Language } from '@quarry/shared/languages';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '../../../lib/i18n.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useSaveOwnChoice } from '../api/save-own-choice.ts';

/** Each language named in itself, so a reader finds theirs whatever the current one. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ko: '한국어',
  fr: 'Français',
  cn: '简体中文',
  ja: '日本語',
};

type Props = Omit<SelectProps, 'value' | 'onChange' | 'data'> & { onChanged?: (language: Language) => void };

/**
 * Switches the interface language at once and keeps the choice in the user's preferences (not
 * while support impersonates them: see useSaveOwnChoice); `onChanged` runs once it is being saved.
 */
export function LanguageSelect({ onChanged, ...props }: Props) {
  const { t } = useTranslation();
  const { language, choose } = useChooseLanguage(onChanged);
  return (
    <Select
      label={t('userMenu.language')}
      {...props}
      value={language}
      onChange={(value) => void choose(value)}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      allowDeselect={false}
    />
  );
}

/** The interface language, and the choice of another: see LanguageSelect. */
export function useChooseLanguage(onChanged?: (language: Language) => void): {
  language: Language;
  choose: (value: string | null) => Promise<void>;
} {
  const language = useUiLanguage();
  const save = useSaveOwnChoice();
  return {
    language,
    async choose(value) {
      if (!isLanguage(value) || value === language) return;
      await changeLanguage(value);
      if (save({ field: 'preferences.language', value })) onChanged?.(value);
    },
  };
}
