export const LANGUAGES = ['en', 'ko', 'fr', 'cn', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The BCP 47 locale and currency each interface language formats with (issue #2: en USD with no
 * decimals, ko KRW, fr EUR, cn CNY, ja JPY). Amounts (company revenue) are held in US dollars and
 * converted at the server's reference rates (`ExchangeRates`) before they are shown.
 */
export const LOCALE_FORMATS: Record<Language, { locale: string; currency: Currency }> = {
  en: { locale: 'en-US', currency: 'USD' },
  ko: { locale: 'ko-KR', currency: 'KRW' },
  fr: { locale: 'fr-FR', currency: 'EUR' },
  cn: { locale: 'zh-CN', currency: 'CNY' },
  ja: { locale: 'ja-JP', currency: 'JPY' },
};

export const CURRENCIES = ['USD', 'KRW', 'EUR', 'CNY', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Units of each currency one US dollar buys, and the day those rates are of. */
export type ExchangeRates = { as_of: string; per_usd: Record<Exclude<Currency, 'USD'>, number> };

/**
 * Reference rates used when the server is not given others (EXCHANGE_RATES, EXCHANGE_RATES_AS_OF):
 * approximate market rates of late November 2025, rounded, written here because no rate service is
 * reachable offline. They are a reference, not today's market: every converted figure is shown
 * with the US dollar amount, the rate and its date, and a deployment that needs current rates sets them.
 */
export const DEFAULT_EXCHANGE_RATES: ExchangeRates = {
  as_of: '2025-11-28',
  per_usd: { KRW: 1470, EUR: 0.86, CNY: 7.08, JPY: 156 },
};

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemePreference = 'system';
