import type { Language } from '@quarry/shared';
import { type Currency, type ExchangeRates, LOCALE_FORMATS } from '@quarry/shared/languages';

/**
 * An amount held in US dollars in the reader's currency (issue #2: en USD, ko KRW, fr EUR, cn CNY,
 * ja JPY), converted at `rates`; without rates (not yet loaded) it stays in dollars, in the
 * reader's number style, rather than put another currency's sign on a dollar figure.
 */
function inReaderCurrency(amountUsd: number, language: Language, rates: ExchangeRates | undefined) {
  const { currency } = LOCALE_FORMATS[language];
  if (currency === 'USD' || !rates) return { amount: amountUsd, currency: 'USD' as Currency };
  return { amount: amountUsd * rates.per_usd[currency], currency };
}

/** Money in full, no decimals: "$514,405,000,000", "₩756,175,350,000,000". */
export function formatCurrency(amountUsd: number, language: Language, rates?: ExchangeRates): string {
  const { amount, currency } = inReaderCurrency(amountUsd, language, rates);
  return new Intl.NumberFormat(LOCALE_FORMATS[language].locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/**
 * Money where space is short (an account's facts, a card, a table cell): "$12.7B", "10,9 Md €",
 * "₩18.6조", in the interface language; `formatCurrency` gives the full figure.
 */
export function formatCompactCurrency(amountUsd: number, language: Language, rates?: ExchangeRates): string {
  const { amount, currency } = inReaderCurrency(amountUsd, language, rates);
  return new Intl.NumberFormat(LOCALE_FORMATS[language].locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(amount);
}

/**
 * How a converted amount was reached, for its title: the dollars, the rate and its day; null where
 * nothing was converted (en, or rates not loaded).
 */
export function conversionOf(
  amountUsd: number,
  language: Language,
  rates: ExchangeRates | undefined,
): { usd: string; rate: string; date: string } | null {
  const { currency, locale } = LOCALE_FORMATS[language];
  if (currency === 'USD' || !rates) return null;
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const rate = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 4 });
  return {
    usd: usd.format(amountUsd),
    rate: rate.format(rates.per_usd[currency]),
    date: formatDate(`${rates.as_of}T12:00:00Z`, language),
  };
}

/** A count (employees, members) grouped as the interface language writes numbers: 227,200 / 227 200. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_FORMATS[language].locale).format(value);
}

/**
 * A share (0.83) as a whole percentage the way the interface language writes it: 83%, 83 %. A
 * share that is not whole or nothing never reads as 100% or 0% (one mark in 210 is 99.5%, not
 * 100%): it takes one decimal, rounded towards where it is.
 */
export function formatPercent(share: number, language: Language): string {
  const whole = Math.round(share * 100);
  const between = (whole === 100 && share < 1) || (whole === 0 && share > 0);
  const value = !between ? share : share < 0.5 ? Math.ceil(share * 1000) / 1000 : Math.floor(share * 1000) / 1000;
  return new Intl.NumberFormat(LOCALE_FORMATS[language].locale, {
    style: 'percent',
    maximumFractionDigits: between ? 1 : 0,
  }).format(value);
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
