import { type ExchangeRates, LANGUAGES } from '@quarry/shared/languages';
import { describe, expect, it } from 'vitest';
import {
  conversionOf,
  formatCompactCurrency,
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
} from './format.ts';

// Intl separates groups and symbols with no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

const rates: ExchangeRates = { as_of: '2025-11-28', per_usd: { KRW: 1500, EUR: 0.5, CNY: 7, JPY: 150 } };

describe('formatCurrency', () => {
  it('shows US dollars without decimals in English', () => {
    expect(formatCurrency(1234.5, 'en', rates)).toBe('$1,235');
  });

  // Revenue is held in dollars: each other language sees it converted into its own currency.
  it('converts into won, euros, yuan and yen at the rates given, without decimals', () => {
    expect(formatCurrency(1234.5, 'ko', rates)).toBe('₩1,851,750');
    expect(plain(formatCurrency(1234.5, 'fr', rates))).toBe('617 €');
    expect(formatCurrency(1234.5, 'cn', rates)).toBe('¥8,642');
    expect(formatCurrency(1234.5, 'ja', rates)).toBe('￥185,175');
  });

  // Without rates a dollar figure keeps its dollar sign: never another currency's sign on it.
  it("stays in US dollars, in the reader's number style, while no rates are known", () => {
    expect(formatCurrency(1234.5, 'ko')).toBe('US$1,235');
    expect(plain(formatCurrency(1234.5, 'fr'))).toBe('1 235 $US');
  });

  it('says how a converted figure was reached, and nothing for dollars', () => {
    expect(conversionOf(1234.5, 'ko', rates)).toEqual({ usd: 'US$1,235', rate: '₩1,500', date: '2025. 11. 28.' });
    expect(conversionOf(1234.5, 'en', rates)).toBeNull();
    expect(conversionOf(1234.5, 'ko', undefined)).toBeNull();
  });
});

describe('formatPercent', () => {
  it('writes a share as a whole percentage in each interface language', () => {
    expect(formatPercent(0.834, 'en')).toBe('83%');
    expect(plain(formatPercent(0.834, 'fr'))).toBe('83 %');
    expect(formatPercent(0.834, 'cn')).toBe('83%');
  });

  it('never rounds a share that is not whole to 100% or one that is not nothing to 0%', () => {
    expect(formatPercent(209 / 210, 'en')).toBe('99.5%');
    expect(formatPercent(0.99999, 'en')).toBe('99.9%');
    expect(formatPercent(1, 'en')).toBe('100%');
    expect(formatPercent(0.001, 'en')).toBe('0.1%');
    expect(formatPercent(0, 'en')).toBe('0%');
    expect(plain(formatPercent(209 / 210, 'fr'))).toBe('99,5 %');
  });
});

describe('formatNumber', () => {
  it('groups digits as each interface language does', () => {
    expect(formatNumber(227200, 'en')).toBe('227,200');
    expect(plain(formatNumber(227200, 'fr'))).toBe('227 200');
    expect(formatNumber(227200, 'ja')).toBe('227,200');
  });
});

describe('formatCompactCurrency', () => {
  it("shortens a revenue to three figures where space is short, in the reader's number style", () => {
    expect(formatCompactCurrency(12_657_000_000, 'en')).toBe('$12.7B');
    expect(plain(formatCompactCurrency(12_657_000_000, 'fr', rates))).toBe('6,3 Md €');
    expect(formatCompactCurrency(514_405_000_000, 'ko', rates)).toBe('₩771.6조');
    expect(formatCompactCurrency(950_000, 'en')).toBe('$950K');
    expect(formatCompactCurrency(999, 'en')).toBe('$999');
  });
});

describe('formatDate', () => {
  // Noon UTC falls on the same calendar day in every time zone the tests may run in.
  const day = new Date('2025-06-15T12:00:00Z');

  it('names the month beside other facts, spells it out in a sentence, and drops the year on a chart axis', () => {
    expect(formatDate(day, 'en')).toBe('Jun 15, 2025');
    expect(formatDate(day, 'en', 'data')).toBe('Jun 15, 2025');
    expect(formatDate(day, 'en', 'sentence')).toBe('June 15, 2025');
    expect(formatDate(day, 'en', 'axis')).toBe('Jun 15');
    expect(formatDate(day, 'fr')).toBe('15 juin 2025');
    expect(formatDate(day, 'fr', 'axis')).toBe('15 juin');
  });

  it('never writes a date beside other facts as numbers alone, which 6/15/25 and 15/06/2025 would be', () => {
    for (const language of LANGUAGES) {
      expect(formatDate(day, language)).toMatch(/2025/);
      expect(formatDate(day, language)).not.toMatch(/^\d{1,2}\/\d{1,2}\/\d{2,4}$/);
    }
  });

  it('follows each interface language', () => {
    expect(formatDate(day, 'ko', 'sentence')).toBe('2025년 6월 15일');
    expect(formatDate(day, 'cn', 'sentence')).toBe('2025年6月15日');
    expect(formatDate(day, 'ja', 'sentence')).toBe('2025年6月15日');
  });

  it('accepts an ISO string or a timestamp as well as a Date', () => {
    expect(formatDate('2025-06-15T12:00:00Z', 'en')).toBe('Jun 15, 2025');
    expect(formatDate(day.getTime(), 'en', 'sentence')).toBe('June 15, 2025');
  });
});
