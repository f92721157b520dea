import { LANGUAGES } from '@quarry/shared/languages';
import { describe, expect, it } from 'vitest';

type Messages = { [key: string]: string | Messages };

// common.json, and the feature strings that load with their routes (flows.json, signals.json): one set of keys per language.
const bundles = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function flatten(messages: Messages, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, leaf] of flatten(value, `${prefix}${key}.`)) flat.set(inner, leaf);
    } else {
      flat.set(`${prefix}${key}`, value);
    }
  }
  return flat;
}

function placeholders(value: unknown): string[] {
  return [...String(value).matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

function messagesOf(language: string): Map<string, unknown> {
  const common = bundles[`./${language}/common.json`];
  if (!common) throw new Error(`src/locales/${language}/common.json is missing`);
  const merged = new Map(flatten(common));
  for (const file of ['flows.json', 'signals.json']) {
    const features = bundles[`./${language}/${file}`];
    if (!features) throw new Error(`src/locales/${language}/${file} is missing`);
    for (const [key, value] of flatten(features)) {
      if (merged.has(key)) throw new Error(`${key} is in common.json and ${file} (or twice) of ${language}`);
      merged.set(key, value);
    }
  }
  return merged;
}

const en = messagesOf('en');
const translated = LANGUAGES.filter((language) => language !== 'en');

describe('locale files', () => {
  it.each(translated)('%s has exactly the keys of en', (language) => {
    const keys = messagesOf(language);
    const missing = [...en.keys()].filter((key) => !keys.has(key));
    const extra = [...keys.keys()].filter((key) => !en.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES)('%s has no empty or non-text value', (language) => {
    const empty = [...messagesOf(language)]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(translated)('%s keeps the {{placeholders}} of en', (language) => {
    const keys = messagesOf(language);
    const differing = [...en]
      .filter(([key]) => keys.has(key))
      .filter(([key, value]) => placeholders(keys.get(key)).join() !== placeholders(value).join())
      .map(([key, value]) => ({ key, en: placeholders(value), [language]: placeholders(keys.get(key)) }));
    expect(differing).toEqual([]);
  });

  it('has an en entry for every literal key the code translates', () => {
    // t(`screens.${x}.title`) and other computed keys are not literals, so they are not checked here.
    const literalKey = /(?<![\w$.])(?:i18n\.)?t\(\s*(['"])([\w.-]+)\1/g;
    const used: { key: string; file: string }[] = [];
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(literalKey))
        used.push({ key: match[2] ?? '', file: file.replace('../', 'src/') });
    }
    expect(used.length).toBeGreaterThan(0);
    const missing = used.filter(({ key }) => !en.has(key)).map(({ key, file }) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
