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
