import type { Language } from '@quarry/shared';
import { STORAGE_KEYS } from '@quarry/shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@quarry/shared/languages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/common.json';
import { local } from './storage.ts';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  ko: () => import('../locales/ko/common.json'),
  fr: () => import('../locales/fr/common.json'),
  cn: () => import('../locales/cn/common.json'),
  ja: () => import('../locales/ja/common.json'),
};

/** Screens whose strings the sign-in page never shows, each with its own file per language. */
export type FeatureStrings = 'flows' | 'uploads';

/**
 * The strings of screens the sign-in page never shows (flows and AI email preferences; uploads),
 * per language: merged into `common` when a route that shows them loads, so /login's JavaScript stays small.
 */
const featureLoaders: Record<FeatureStrings, Record<Language, () => Promise<{ default: Record<string, unknown> }>>> = {
  flows: {
    en: () => import('../locales/en/flows.json'),
    ko: () => import('../locales/ko/flows.json'),
    fr: () => import('../locales/fr/flows.json'),
    cn: () => import('../locales/cn/flows.json'),
    ja: () => import('../locales/ja/flows.json'),
  },
  uploads: {
    en: () => import('../locales/en/uploads.json'),
    ko: () => import('../locales/ko/uploads.json'),
    fr: () => import('../locales/fr/uploads.json'),
    cn: () => import('../locales/cn/uploads.json'),
    ja: () => import('../locales/ja/uploads.json'),
  },
};
/** Which feature files each language has merged. */
const featureStringsLoaded = new Map<FeatureStrings, Set<Language>>();

async function addFeatureStrings(feature: FeatureStrings, language: Language): Promise<void> {
  const loaded = featureStringsLoaded.get(feature) ?? new Set<Language>();
  featureStringsLoaded.set(feature, loaded);
  if (loaded.has(language)) return;
  const bundle = await featureLoaders[feature][language]();
  i18n.addResourceBundle(language, 'common', bundle.default, true, true);
  loaded.add(language);
}

/** Loads a feature's strings in the reader's language (and English, the fallback) before a route shows them. */
export async function loadFeatureStrings(feature: FeatureStrings = 'flows'): Promise<void> {
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  await Promise.all([addFeatureStrings(feature, 'en'), addFeatureStrings(feature, language)]);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function savedLanguage(): Language {
  const saved = local.get(STORAGE_KEYS.language);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** Loads a language's strings on demand (English ships with the app) and switches to it. */
export async function changeLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'common')) {
    const bundle = await loaders[language]();
    i18n.addResourceBundle(language, 'common', bundle.default, true, true);
  }
  // A reader already on a screen that shows feature strings sees them in the new language too.
  await Promise.all([...featureStringsLoaded.keys()].map((feature) => addFeatureStrings(feature, language)));
  local.set(STORAGE_KEYS.language, language);
  document.documentElement.lang = language === 'cn' ? 'zh-CN' : language;
  await i18n.changeLanguage(language);
}

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { common: en } },
    lng: 'en',
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const language = savedLanguage();
  if (language !== 'en') await changeLanguage(language);
}

export { i18n };
