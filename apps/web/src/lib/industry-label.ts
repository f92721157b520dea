import type { Language } from '@quarry/shared';
import { LOCALE_FORMATS } from '@quarry/shared/languages';
import type { TFunction } from 'i18next';

/**
 * The key an industry or sector name is translated under (locales/<language>/industries.json):
 * "Specialty Retailers: Other" → "specialty-retailers-other" (hyphens: a key ending "_other" would read as a plural form). "&" and "," keep their own words, so
 * that "Engineering, Construction" and "Engineering & Construction" stay as the data writes them.
 */
export function industryKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' amp ')
    .replace(/,/g, ' comma ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * An industry or sector name in the reader's language, as the company data names it in English;
 * a name Quarry has no translation for (an uploaded account's own) shows as written.
 */
export function industryLabel(name: string, t: TFunction): string {
  return t(`industryNames.${industryKey(name)}`, { defaultValue: name });
}

/**
 * Industry names as a picker's options, in the reader's language and in its order (가나다 in
 * Korean, not the English names' order: "광고, 마케팅" had come before "항공우주" as Advertising
 * before Aerospace).
 */
export function industryOptions(
  names: readonly string[],
  t: TFunction,
  language: Language,
): { value: string; label: string }[] {
  const collator = new Intl.Collator(LOCALE_FORMATS[language].locale);
  return names
    .map((name) => ({ value: name, label: industryLabel(name, t) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
