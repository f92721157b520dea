import { LANGUAGES } from '@quarry/shared/languages';
import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate } from './format.ts';

// Intl separates groups and symbols with no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatCurrency', () => {
  it('shows US dollars without decimals in English', () => {
    expect(formatCurrency(1234.5, 'en')).toBe('$1,235');
  });

  it('shows Korean won in Korean', () => {
    expect(formatCurrency(1234.5, 'ko')).toBe('₩1,235');
  });

  it('shows euros with French grouping and two decimals in French', () => {
    expect(plain(formatCurrency(1234.5, 'fr'))).toBe('1 234,50 €');
  });

  it('shows yuan with two decimals in Chinese', () => {
    expect(formatCurrency(1234.5, 'cn')).toBe('¥1,234.50');
  });

  it('shows yen without decimals in Japanese', () => {
    expect(formatCurrency(1234.5, 'ja')).toMatch(/^[¥￥]1,235$/);
  });
});

describe('formatDate', () => {
  // Noon UTC falls on the same calendar day in every time zone the tests may run in.
  const day = new Date('2025-06-15T12:00:00Z');

  it('writes short dates with numbers and long dates with the month spelled out', () => {
    expect(formatDate(day, 'en')).toBe('6/15/25');
    expect(formatDate(day, 'en', 'long')).toBe('June 15, 2025');
    expect(formatDate(day, 'fr')).toBe('15/06/2025');
    expect(formatDate(day, 'fr', 'long')).toBe('15 juin 2025');
  });

  it('follows each interface language', () => {
    expect(formatDate(day, 'ko', 'long')).toBe('2025년 6월 15일');
    expect(formatDate(day, 'cn', 'long')).toBe('2025年6月15日');
    expect(formatDate(day, 'ja', 'long')).toBe('2025年6月15日');
  });

  it('gives different short and long forms in every language', () => {
    for (const language of LANGUAGES) {
      expect(formatDate(day, language, 'short')).not.toBe(formatDate(day, language, 'long'));
    }
  });

  it('accepts an ISO string or a timestamp as well as a Date', () => {
    expect(formatDate('2025-06-15T12:00:00Z', 'en')).toBe('6/15/25');
    expect(formatDate(day.getTime(), 'en', 'long')).toBe('June 15, 2025');
  });
});
