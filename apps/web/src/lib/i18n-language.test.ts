import { STORAGE_KEYS } from '@quarry/shared/constants';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { prepareDom } from '../test-support/dom.tsx';
import { savedLanguage } from './i18n.ts';

beforeAll(prepareDom);
// Other files of the run may have chosen a language in this window's storage.
beforeEach(() => window.localStorage.removeItem(STORAGE_KEYS.language));
afterEach(() => window.localStorage.removeItem(STORAGE_KEYS.language));

describe('the language a visitor starts in', () => {
  it("is the browser's own when none was chosen here: sign-in reads French to a French browser", () => {
    expect(savedLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(savedLanguage(['ja'])).toBe('ja');
    expect(savedLanguage(['ko-KR'])).toBe('ko');
    expect(savedLanguage(['zh-TW', 'en'])).toBe('cn');
    // The first language the app speaks; English when it speaks none of them.
    expect(savedLanguage(['de-DE', 'ko'])).toBe('ko');
    expect(savedLanguage(['de-DE'])).toBe('en');
    expect(savedLanguage([])).toBe('en');
  });

  it('is the one last chosen in this browser, whatever the browser says', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'ja');
    expect(savedLanguage(['fr-FR'])).toBe('ja');
  });
});
