export const LANGUAGES = ['en', 'ko', 'fr', 'cn', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The BCP 47 locale and currency each interface language formats with. */
export const LOCALE_FORMATS: Record<Language, { locale: string; currency: string; currencyDigits: number }> = {
  en: { locale: 'en-US', currency: 'USD', currencyDigits: 0 },
  ko: { locale: 'ko-KR', currency: 'KRW', currencyDigits: 0 },
  fr: { locale: 'fr-FR', currency: 'EUR', currencyDigits: 2 },
  cn: { locale: 'zh-CN', currency: 'CNY', currencyDigits: 2 },
  ja: { locale: 'ja-JP', currency: 'JPY', currencyDigits: 0 },
};

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemePreference = 'system';
