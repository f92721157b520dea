import type { Language } from '@quarry/shared';
import { STORAGE_KEYS } from '@quarry/shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@quarry/shared/languages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/common.json';
import { resolveKoreanParticles } from './korean-particles.ts';
import { local } from './storage.ts';

const KOREAN_PARTICLES = 'koreanParticles';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  ko: () => import('../locales/ko/common.json'),
  fr: () => import('../locales/fr/common.json'),
  cn: () => import('../locales/cn/common.json'),
  ja: () => import('../locales/ja/common.json'),
};

/**
 * The strings of screens the sign-in page never shows (flows, AI email preferences, and every other
 * `locales/<language>/<feature>.json` beside common.json), per language: merged into `common` when a
 * route that shows them loads, so /login's JavaScript stays small. A new feature file needs no wiring.
 */
const featureBundles = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/common.json'], {
  import: 'default',
});
/** Each language's feature strings, loading or loaded: asked for twice, they load once. */
const featureStrings = new Map<Language, Promise<void>>();
/**
 * Whether a route has asked for feature strings: from then on a language chosen gets its own too.
 * Set when asked, not when loaded: a language chosen while English's were still loading (a
 * fresh sign-in whose saved language is French) had been left with English feature texts.
 */
let featureStringsWanted = false;

function addFeatureStrings(language: Language): Promise<void> {
  const known = featureStrings.get(language);
  if (known) return known;
  const prefix = `../locales/${language}/`;
  const loading = Promise.all(
    Object.entries(featureBundles)
      .filter(([file]) => file.startsWith(prefix))
      .map(([, load]) => load()),
  ).then((bundles) => {
    for (const bundle of bundles) i18n.addResourceBundle(language, 'common', bundle, true, true);
  });
  // A failed load (the network) is tried again by the next route that asks.
  loading.catch(() => featureStrings.delete(language));
  featureStrings.set(language, loading);
  return loading;
}

/** Loads the feature strings of the reader's language (and English, the fallback) before a route shows them. */
export async function loadFeatureStrings(): Promise<void> {
  featureStringsWanted = true;
  const language = currentLanguage();
  await Promise.all([addFeatureStrings('en'), addFeatureStrings(language)]);
  // The reader's language changed while these loaded: its strings too.
  const now = currentLanguage();
  if (now !== language) await addFeatureStrings(now);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The interface's language now, English until one is chosen. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * The language to start in: the one last chosen in this browser, else the first of the browser's
 * own languages the app speaks ("fr-CA" French, "zh-TW" Chinese), so that sign-in, password reset
 * and an invitation read in the visitor's language before anyone has chosen one.
 */
export function savedLanguage(browserLanguages: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  const saved = local.get(STORAGE_KEYS.language);
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    const language = primary === 'zh' ? 'cn' : primary;
    if (isLanguage(language)) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** Loads a language's strings on demand (English ships with the app) and switches to it. */
export async function changeLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'common')) {
    const bundle = await loaders[language]();
    // A copy: i18next merges feature strings into the object it holds, and the module's must stay as shipped.
    i18n.addResourceBundle(language, 'common', structuredClone(bundle.default), true, true);
  }
  // A reader already on a screen that shows feature strings sees them in the new language too.
  if (featureStringsWanted) await addFeatureStrings(language);
  local.set(STORAGE_KEYS.language, language);
  document.documentElement.lang = language === 'cn' ? 'zh-CN' : language;
  await i18n.changeLanguage(language);
}

/**
 * Plural forms come from Intl.PluralRules, which does not know the product's code "cn": it
 * would fall back to the browser's own language (English: "_one" missing, so the English text
 * for a count of 1). Chinese plural rules are asked for instead.
 */
function askChinesePluralRulesForCn(): void {
  const resolver = i18n.services.pluralResolver as {
    getRule: (code: string, options?: { ordinal?: boolean }) => Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(code === 'cn' ? 'zh' : code, options);
}

export async function initI18n(): Promise<void> {
  // init starts from these resources alone: whatever feature strings were merged before are gone.
  // A route may have asked for them already: the router starts loading the first page's route
  // when it is created, before this runs, and a French reader's page then got English ones only.
  featureStrings.clear();
  await i18n
    .use(initReactI18next)
    .use({
      type: 'postProcessor',
      name: KOREAN_PARTICLES,
      // The Korean particle for the word filled in: "가치 메시지를", not "가치 메시지을(를)".
      process: (value: string, _key: unknown, _options: unknown, translator: { language?: string }) =>
        translator.language === 'ko' ? resolveKoreanParticles(value) : value,
    })
    .init({
      // A copy, as for every language: feature strings are merged into it, never into the imported module.
      resources: { en: { common: structuredClone(en) } },
      lng: 'en',
      fallbackLng: DEFAULT_LANGUAGE,
      defaultNS: 'common',
      ns: ['common'],
      interpolation: { escapeValue: false },
      returnNull: false,
      postProcess: [KOREAN_PARTICLES],
    });
  askChinesePluralRulesForCn();
  const language = savedLanguage();
  if (language !== 'en') await changeLanguage(language);
  if (featureStringsWanted) await loadFeatureStrings();
}

export { i18n };
