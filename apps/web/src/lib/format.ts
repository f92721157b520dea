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

/**
 * Money where space is short (an account's facts, a card, a table cell): "$12.7B", "1,3 Md $US",
 * "₩127억", in the interface language; `formatCurrency` gives the full figure.
 */
export function formatCompactCurrency(amount: number, language: Language): string {
  const { locale, currency } = LOCALE_FORMATS[language];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(amount);
}

/** A count (employees, members) grouped as the interface language writes numbers: 227,200 / 227 200. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_FORMATS[language].locale).format(value);
}

/** A share (0.83) as a whole percentage the way the interface language writes it: 83%, 83 %. */
export function formatPercent(share: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_FORMATS[language].locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}

/** A moment to the minute ("Oct 23, 2026, 4:05 PM"), for when something last happened. */
export function formatDateTime(value: Date | string | number, language: Language): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/**
 * Where a date is read, which decides its one style on every screen (issue #17, item 12):
 * - 'data': beside other facts (tables, cards, timelines, comments): "Oct 23, 2026", with the
 *   month named so that 10/23/26 and 23/10/26 are never confused, and short enough for a column;
 * - 'sentence': inside running text ("Started by Rita on October 23, 2026"): the month in full;
 * - 'axis': a chart's day ticks, where the year is in the range around them: "Oct 23".
 */
export type DateContext = 'data' | 'sentence' | 'axis';

const DATE_STYLES: Record<DateContext, Intl.DateTimeFormatOptions> = {
  data: { dateStyle: 'medium' },
  sentence: { dateStyle: 'long' },
  axis: { month: 'short', day: 'numeric' },
};

/** A date in the interface language, in the style of the context it is read in. */
export function formatDate(value: Date | string | number, language: Language, context: DateContext = 'data'): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(LOCALE_FORMATS[language].locale, DATE_STYLES[context]).format(date);
}
