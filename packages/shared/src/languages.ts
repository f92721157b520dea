export const LANGUAGES = ['en', 'ko', 'fr', 'cn', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The BCP 47 locale and currency each interface language formats with. Amounts (company revenue)
 * are held in US dollars: the spec names USD for en and KRW for ko; fr, cn and ja show the same
 * dollars in their own number style, since a euro, yuan or yen sign on a dollar figure would
 * misstate it.
 */
export const LOCALE_FORMATS: Record<Language, { locale: string; currency: string; currencyDigits: number }> = {
  en: { locale: 'en-US', currency: 'USD', currencyDigits: 0 },
  ko: { locale: 'ko-KR', currency: 'KRW', currencyDigits: 0 },
  fr: { locale: 'fr-FR', currency: 'USD', currencyDigits: 0 },
  cn: { locale: 'zh-CN', currency: 'USD', currencyDigits: 0 },
  ja: { locale: 'ja-JP', currency: 'USD', currencyDigits: 0 },
};

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemePreference = 'system';
