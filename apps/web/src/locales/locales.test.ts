import { LANGUAGES } from '@quarry/shared/languages';
import { describe, expect, it } from 'vitest';

type Messages = { [key: string]: string | Messages };

// common.json, and the feature strings that load with their routes (flows.json, …): one set of keys per language.
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

/** common.json and every feature file of a language, merged; a key in two files is an error. */
function messagesOf(language: string): Map<string, unknown> {
  const files = Object.keys(bundles).filter((file) => file.startsWith(`./${language}/`));
  if (!files.includes(`./${language}/common.json`)) throw new Error(`src/locales/${language}/common.json is missing`);
  const merged = new Map<string, unknown>();
  for (const file of files) {
    for (const [key, value] of flatten(bundles[file] as Messages)) {
      if (merged.has(key)) throw new Error(`${key} is in two files of ${language}, one of them ${file}`);
      merged.set(key, value);
    }
  }
  return merged;
}

/** Each language has the same files as English. */
const filesOf = (language: string) =>
  Object.keys(bundles)
    .filter((file) => file.startsWith(`./${language}/`))
    .map((file) => file.slice(language.length + 3))
    .sort();

const en = messagesOf('en');
const translated = LANGUAGES.filter((language) => language !== 'en');

/** i18next's plural suffixes: "deleteMessage_one", "deleteMessage_other". */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The forms a language needs, as i18next asks Intl for them ("cn" is Chinese: lib/i18n.ts). */
const pluralCategories = (language: string) =>
  new Intl.PluralRules(language === 'cn' ? 'zh' : language).resolvedOptions().pluralCategories;
/** Each key with its plural suffix taken off, and whether it had one. */
function baseKeys(messages: Map<string, unknown>): Map<string, boolean> {
  const bases = new Map<string, boolean>();
  for (const key of messages.keys()) bases.set(key.replace(PLURAL_SUFFIX, ''), PLURAL_SUFFIX.test(key));
  return bases;
}

describe('locale files', () => {
  it.each(translated)('%s has the same files as en', (language) => {
    expect(filesOf(language)).toEqual(filesOf('en'));
  });

  it.each(translated)('%s has exactly the keys of en (plural forms aside)', (language) => {
    const keys = baseKeys(messagesOf(language));
    const english = baseKeys(en);
    const missing = [...english.keys()].filter((key) => !keys.has(key));
    const extra = [...keys.keys()].filter((key) => !english.has(key));
    const pluralOnlyOnOneSide = [...english].filter(([key, plural]) => keys.has(key) && keys.get(key) !== plural);
    expect({ missing, extra, pluralOnlyOnOneSide }).toEqual({ missing: [], extra: [], pluralOnlyOnOneSide: [] });
  });

  it.each(LANGUAGES)('%s gives every plural text each form its language needs', (language) => {
    const messages = messagesOf(language);
    const plurals = [...baseKeys(messages)].filter(([, plural]) => plural).map(([key]) => key);
    expect(plurals.length).toBeGreaterThan(0);
    const missing = plurals.flatMap((key) =>
      pluralCategories(language)
        .map((category) => `${key}_${category}`)
        .filter((form) => !messages.has(form)),
    );
    expect(missing).toEqual([]);
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
    const missing = used
      .filter(({ key }) => !en.has(key) && !en.has(`${key}_other`))
      .map(({ key, file }) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it("writes French with its typographic apostrophe throughout (“l’accueil”, never “l'accueil” beside it)", () => {
    const straight = [...messagesOf('fr')]
      .filter(([, value]) => /\p{L}'\p{L}/u.test(String(value)))
      .map(([key]) => key);
    expect(straight).toEqual([]);
  });
});
