import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@quarry/shared/languages';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { industryKey, industryOptions } from './industry-label.ts';

const locales = path.resolve(import.meta.dirname, '../locales');
const namesOf = (language: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(locales, language, 'industries.json'), 'utf8')) as {
      industryNames: Record<string, string>;
    }
  ).industryNames;

/** The demo's industries and sectors, read from the Fortune 500 file's own columns. */
function demoIndustries(): Set<string> {
  const csv = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../demo-data/fortune500.csv'), 'utf8');
  const [header = '', ...rows] = csv.trim().split('\n');
  const fields = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => (m[1] ?? '').replace(/^"|"$/g, '').trim());
  const columns = fields(header);
  const industry = columns.indexOf('industry');
  const sector = columns.indexOf('sector');
  const names = new Set<string>();
  for (const row of rows) {
    const cells = fields(row);
    for (const at of [industry, sector]) if (cells[at]) names.add(cells[at] as string);
  }
  return names;
}

describe('industryKey', () => {
  it('keeps names apart that differ only in "&" or ","', () => {
    expect(industryKey('Specialty Retailers: Other')).toBe('specialty-retailers-other');
    expect(industryKey('Engineering, Construction')).not.toBe(industryKey('Engineering & Construction'));
    expect(industryKey('Aerospace & Defense')).not.toBe(industryKey('Aerospace and Defense'));
  });
});

describe('industry names', () => {
  it('translates every industry and sector of the demo data, in every language', () => {
    const names = demoIndustries();
    expect(names.size).toBeGreaterThan(80);
    const english = namesOf('en');
    // English names each one as the data writes it, under its own key.
    expect(new Set(Object.values(english))).toEqual(names);
    for (const [key, name] of Object.entries(english)) expect(industryKey(name)).toBe(key);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const translated = namesOf(language);
      const same = Object.keys(english).filter((key) => translated[key] === english[key]);
      // A few words read alike in French ("Pipelines"); none in the other languages.
      expect(same.length, `${language}: ${same.join(', ')}`).toBeLessThanOrEqual(language === 'fr' ? 1 : 0);
    }
  });
});

describe('industryOptions', () => {
  const names = ['Advertising, marketing', 'Aerospace & Defense', 'Airlines', 'Apparel'];
  const korean: Record<string, string> = {
    'advertising-comma-marketing': '광고, 마케팅',
    'aerospace-amp-defense': '항공우주 및 방위',
    airlines: '항공사',
    apparel: '의류',
  };
  const t = ((key: string, options?: { defaultValue?: string }) =>
    korean[key.replace('industryNames.', '')] ?? options?.defaultValue ?? key) as unknown as TFunction;

  it("orders the reader's names as the reader's language sorts them, not as the English ones sort", () => {
    expect(industryOptions(names, t, 'ko').map((o) => o.label)).toEqual([
      '광고, 마케팅',
      '의류',
      '항공사',
      '항공우주 및 방위',
    ]);
    // Each keeps the company data's own name as its value.
    expect(industryOptions(names, t, 'ko').find((o) => o.label === '항공사')?.value).toBe('Airlines');
    const english = ((_: string, options?: { defaultValue?: string }) => options?.defaultValue) as unknown as TFunction;
    expect(industryOptions([...names].reverse(), english, 'en').map((o) => o.value)).toEqual(names);
  });
});
