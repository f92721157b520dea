import type { Language } from '@quarry/shared';
import { LOCALE_FORMATS } from '@quarry/shared/languages';

/** Money in the interface language's currency (en: USD with no decimals, ko: KRW, fr: EUR, cn: CNY, ja: JPY). */
export function formatCurrency(amount: number, language: Language): string {
  const { locale, currency, currencyDigits } = LOCALE_FORMATS[language];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: currencyDigits,
    maximumFractionDigits: currencyDigits,
  }).format(amount);
}

/** Short (numeric) and long (month spelled out) dates in the interface language. */
export function formatDate(
  value: Date | string | number,
  language: Language,
  style: 'short' | 'long' = 'short',
): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, {
    dateStyle: style === 'short' ? 'short' : 'long',
  }).format(date);
}
