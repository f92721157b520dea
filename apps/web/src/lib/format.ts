import type { Language } from '@quarry/shared';
import { LOCALE_FORMATS } from '@quarry/shared/languages';

/** Money as the spec asks (en: USD with no decimals, ko: KRW); fr, cn and ja: US dollars in their number style. */
export function formatCurrency(amount: number, language: Language): string {
  const { locale, currency, currencyDigits } = LOCALE_FORMATS[language];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: currencyDigits,
    maximumFractionDigits: currencyDigits,
  }).format(amount);
}

/** A count (employees, members) grouped as the interface language writes numbers: 227,200 / 227 200. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_FORMATS[language].locale).format(value);
}

/** Short (numeric) and long (month spelled out) dates in the interface language. */
/** A moment to the minute ("Oct 23, 2026, 4:05 PM"), for when something last happened. */
export function formatDateTime(value: Date | string | number, language: Language): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

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
